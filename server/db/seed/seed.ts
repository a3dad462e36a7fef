import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../http/passwords';
import { insertMissingDefaults } from '../../modules/settings/settings.defaults';
import { etagOf } from '../../http/entity-tags';
import { DEFAULT_COURSE_ID } from '../../modules/courses/courses.model';
import { generateTickets } from '../../modules/tickets/tickets.service';
import { SEED_DIR } from '../../paths';
import { demoTopicNames, demoTranslationRows } from './translations';
import { putTranslations } from '../../modules/questions/question-translations';

interface DemoQuestion {
  topic: string;
  question_text: string;
  answers: string[];
  right_answers: string;
  points: number;
  photo: string | null;
  explanation: string;
}

export interface SeedOptions {
  adminPassword: string | undefined;
  seedDemo: boolean;
  onAdminCreated: ((password: string) => void) | undefined;
}

/**
 * First-start set-up: the default settings, an administrator when there is none, and on a
 * brand-new database the demo bank (questions, photos, topics and tickets).
 */
export async function seedDatabase(deps: AppDeps, options: SeedOptions): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const firstStart = !(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
  await insertMissingDefaults(db, now);

  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!admin) {
    const password = options.adminPassword ?? randomBytes(12).toString('base64url');
    await db
      .insertInto('users')
      .values({
        username: 'admin',
        email: 'admin@theory-trainer.example',
        password_hash: await hashPassword(password),
        first_name: 'Admin',
        last_name: '',
        is_admin: 1,
        is_active: 1,
        created_at: now.toISOString(),
        last_login: null,
      })
      .execute();
    if (!options.adminPassword) options.onAdminCreated?.(password);
  }

  if (firstStart && options.seedDemo) await loadDemoBank(deps);
}

async function loadDemoBank(deps: AppDeps): Promise<void> {
  const { db } = deps;
  const createdAt = deps.now().toISOString();
  const questions = JSON.parse(
    readFileSync(`${SEED_DIR}/questions.json`, 'utf8'),
  ) as DemoQuestion[];
  const imageDir = `${SEED_DIR}/images`;
  const descriptions = new Map<string, string>();
  await db.transaction().execute(async (trx) => {
    for (const file of readdirSync(imageDir).filter((f) => f.endsWith('.svg'))) {
      const data = readFileSync(`${imageDir}/${file}`);
      const title = svgTitleOf(data);
      if (title) descriptions.set(file, title);
      await trx
        .insertInto('images')
        .values({
          name: file,
          content_type: 'image/svg+xml',
          data,
          etag: etagOf(data),
          created_at: createdAt,
        })
        .execute();
    }
    const topics = new Map<string, number[]>();
    const ids: number[] = [];
    for (const q of questions) {
      const row = await trx
        .insertInto('questions')
        .values({
          question_text: q.question_text,
          answer_1: q.answers[0] ?? '',
          answer_2: q.answers[1] ?? '',
          answer_3: q.answers[2] ?? null,
          answer_4: q.answers[3] ?? null,
          answer_5: q.answers[4] ?? null,
          right_answers: q.right_answers,
          points: q.points,
          photo: q.photo,
          photo_alt: q.photo === null ? null : (descriptions.get(q.photo) ?? null),
          explanation: q.explanation,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      topics.set(q.topic, [...(topics.get(q.topic) ?? []), row.id]);
    }
    // The demo bank in Russian, Chinese and Korean too (issue 42), so a learner can try reading
    // the questions in their own language on the first start.
    await putTranslations(trx, demoTranslationRows(questions, ids, descriptions));
    for (const [name, ids] of topics) {
      await trx
        .insertInto('topics')
        .values({
          name,
          question_ids: JSON.stringify(ids),
          created_at: createdAt,
          translations: demoTopicNames(name),
        })
        .execute();
    }
  });
  await generateTickets(deps, { questionsPerTicket: 40, totalTickets: 25 }, DEFAULT_COURSE_ID);
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/** A demo picture's `<title>`, which says what it shows: the questions' alt text. */
function svgTitleOf(data: Buffer): string | null {
  const title = /<title>([^<]*)<\/title>/.exec(data.toString('utf8'))?.[1]?.trim();
  return title
    ? title.replace(/&(\w+);/g, (entity, name: string) => XML_ENTITIES[name] ?? entity)
    : null;
}
