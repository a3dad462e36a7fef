import { readFileSync } from 'node:fs';
import { createInstance, type ResourceKey, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from './admin-api';
import { activityText, activityTone } from './activity-text';
import { numberFormatsFor } from '../../i18n/numbers';

const admin = (language: string): ResourceKey =>
  JSON.parse(readFileSync(`public/locales/${language}/admin.json`, 'utf8')) as ResourceKey;

function entry(
  action: string,
  details: ActivityEntry['details'],
  summary = 'English',
): ActivityEntry {
  return { id: 1, action, summary, details, username: 'admin', created_at: '2026-11-22T08:00:00Z' };
}

describe('activity entries in the reader’s language', () => {
  const i18n = createInstance();
  let text: (item: ActivityEntry, language: string) => string;

  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      ns: ['admin'],
      defaultNS: 'admin',
      interpolation: { escapeValue: false },
      resources: {
        en: { admin: admin('en') },
        ru: { admin: admin('ru') },
        zh: { admin: admin('zh') },
        ko: { admin: admin('ko') },
      },
    });
    text = (item, language) => {
      const t = i18n.getFixedT(language, 'admin') as TFunction<'admin'>;
      return activityText(
        item,
        t,
        (key) => i18n.exists(key, { lng: language, ns: 'admin' }),
        numberFormatsFor(language).percent,
        language,
      );
    };
  });

  it('says how many rows an import left out as copies, and nothing of it when none or before it was kept', () => {
    const csv = { count: 1, skipped: 3, filename: 'bank.csv' };
    expect(text(entry('question.import', csv), 'en')).toBe(
      'Imported questions from bank.csv: 1 (3 already in the bank skipped)',
    );
    expect(text(entry('question.import', { ...csv, skipped: 0 }), 'en')).toBe(
      'Imported questions from bank.csv: 1',
    );
    expect(text(entry('question.import', { count: 1, filename: 'bank.csv' }), 'en')).toBe(
      'Imported questions from bank.csv: 1',
    );
    const zip = { count: 0, skipped: 2, photos: 0, topics: 0, filename: 'bank.zip' };
    // One photo is not "1 photos": the figures follow their names.
    expect(text(entry('question.import_package', { ...zip, skipped: 0, photos: 1 }), 'en')).toBe(
      'Imported from bank.zip: questions 0, photos 1, topics 0',
    );
    expect(text(entry('question.import_package', zip), 'ru')).toBe(
      'Импорт из bank.zip: вопросов — 0, фото — 0, тем — 0 (пропущено уже имеющихся вопросов: 2)',
    );
  });

  it("says the questions a new edition updated in place and the tickets a file's column made", () => {
    const edition = { count: 1, skipped: 500, updated: 300, tickets: 40, filename: 'bilety.csv' };
    expect(text(entry('question.import', edition), 'en')).toBe(
      'Imported questions from bilety.csv: 1 (500 already in the bank skipped); 300 questions updated in place; 40 tickets from the file',
    );
    expect(text(entry('question.import', { ...edition, updated: 1, tickets: 0 }), 'ru')).toBe(
      'Импортировано вопросов из bilety.csv: 1 (пропущено уже имеющихся: 500); обновлён на месте 1 вопрос',
    );
    const zip = { count: 2, skipped: 0, photos: 0, topics: 0, tickets: 3, filename: 'bank.zip' };
    expect(text(entry('question.import_package', zip), 'zh')).toBe(
      '从 bank.zip 导入了 2 道题目、0 张图片、0 个主题；按文件生成 3 张题卡',
    );
    // Generating tickets words its own count, as before.
    expect(
      text(entry('ticket.generate', { tickets: 25, per_ticket: 20, course: 'Russia' }), 'en'),
    ).toBe('Generated 25 tickets of 20 questions');
  });

  it('words an exam result from its values: passed, failed or a training run', () => {
    const exam = { username: 'anna', exam_type: 'exam', score: 60 };
    expect(text(entry('exam.submit', { ...exam, passed: false, score: 37.5 }), 'en')).toBe(
      'anna failed an exam with 37.5%',
    );
    expect(text(entry('exam.submit', { ...exam, passed: true }), 'ru')).toBe(
      'anna: экзамен сдан, 60\u00a0%',
    );
    expect(text(entry('exam.submit', { ...exam, passed: false, score: 37.5 }), 'ru')).toBe(
      'anna: экзамен не сдан, 37,5\u00a0%',
    );
    expect(text(entry('exam.submit', { ...exam, exam_type: 'express', passed: true }), 'ko')).toBe(
      'anna 님이 60%로 연습을 마쳤습니다',
    );
  });

  it('words an exam of a course that passes by mistakes with its mistakes, not a percent', () => {
    const exam = { username: 'anna', exam_type: 'exam', score: 90, mistakes: 2 };
    expect(text(entry('exam.submit', { ...exam, passed: true }), 'en')).toBe(
      'anna passed an exam with mistakes: 2',
    );
    expect(text(entry('exam.submit', { ...exam, passed: false, mistakes: 3 }), 'ru')).toBe(
      'anna: экзамен не сдан, ошибок: 3',
    );
    expect(text(entry('exam.submit', { ...exam, passed: true }), 'zh')).toBe(
      'anna 通过了考试，错 2 题',
    );
    expect(text(entry('exam.submit', { ...exam, passed: false }), 'ko')).toBe(
      'anna 님이 시험에 불합격했습니다(오답 2개)',
    );
  });

  it('says an exam failed by a mistake among the extra questions, not a figure that passes', () => {
    const exam = { username: 'anna', exam_type: 'exam', score: 95, mistakes: 1, passed: false };
    expect(text(entry('exam.submit', { ...exam, extra_mistake: true }), 'en')).toBe(
      'anna failed an exam by a mistake among the extra questions',
    );
    expect(text(entry('exam.submit', { ...exam, extra_mistake: true }), 'ru')).toBe(
      'anna: экзамен не сдан из-за ошибки в дополнительных вопросах',
    );
  });

  it('words an exam of a course that passes by points with the share of points', () => {
    const exam = { username: 'anna', exam_type: 'exam', score: 58.3, by_points: true };
    expect(text(entry('exam.submit', { ...exam, passed: false }), 'en')).toBe(
      'anna failed an exam with 58.3% of the points',
    );
    expect(text(entry('exam.submit', { ...exam, passed: false }), 'ko')).toBe(
      'anna 님이 득점률 58.3%로 시험에 불합격했습니다',
    );
  });

  it('words a translations import and a course change in every language, not in English', () => {
    const translations = { count: 12, translations: 30, filename: 'tr.csv', course: 'Россия' };
    expect(text(entry('question.import_translations', translations), 'ru')).toBe(
      'Импорт переводов из tr.csv: переводов — 30, вопросов — 12',
    );
    expect(text(entry('question.import_translations', translations), 'zh')).toBe(
      '从 tr.csv 导入了 12 道题的 30 条翻译',
    );
    expect(text(entry('course.update', { name: 'School A' }), 'ko')).toBe(
      "과정 'School A'을\u2060(를) 수정했습니다",
    );
  });

  it('fills counts and names in, and a missing file name with a phrase', () => {
    expect(text(entry('ticket.generate', { tickets: 25, per_ticket: 40 }), 'ru')).toBe(
      'Созданы билеты: 25 по 40 вопросов',
    );
    expect(text(entry('question.import', { count: 3, filename: '' }), 'en')).toBe(
      'Imported questions from a CSV file: 3',
    );
    expect(text(entry('topic.update', { name: 'Road signs' }), 'ko')).toBe(
      "주제 'Road signs'을\u2060(를) 수정했습니다",
    );
  });

  it('says what changed on a user: rights, access or password', () => {
    const user = { username: 'learner020' };
    expect(text(entry('user.promote', user), 'en')).toBe('Made learner020 an administrator');
    expect(text(entry('user.promote', user), 'ru')).toBe(
      'Пользователю learner020 выданы права администратора',
    );
    expect(text(entry('user.demote', user), 'zh')).toBe('取消了用户 learner020 的管理员权限');
    expect(text(entry('user.deactivate', user), 'ko')).toBe(
      '사용자 learner020을\u2060(를) 비활성화했습니다',
    );
    expect(text(entry('user.activate', user), 'ru')).toBe(
      'Снова активирован пользователь learner020',
    );
    expect(text(entry('user.password_reset', user), 'ru')).toBe(
      'Сброшен пароль пользователя learner020',
    );
    expect(text(entry('user.password_reset', user), 'ko')).toBe(
      '사용자 learner020의 비밀번호를 재설정했습니다',
    );
  });

  it("falls back to the server's summary without values or for an unknown action", () => {
    expect(text(entry('user.create', null, 'Created user bob'), 'ru')).toBe('Created user bob');
    expect(text(entry('robot.dance', { steps: 3 }, 'Danced'), 'ru')).toBe('Danced');
  });
});

describe('the words of every action the server records', () => {
  // The actions are read from the server's own list of them (its AuditEvent type), so a new one
  // without words in a language fails here instead of showing English in the feed.
  const source = readFileSync('server/audit-events.ts', 'utf8');
  const declared = source.slice(0, source.indexOf('export function summarize'));
  const actions = [...new Set([...declared.matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]!))];

  it.each(['en', 'ru', 'zh', 'ko'])('has them in %s', (language) => {
    expect(actions.length).toBeGreaterThan(20);
    const entries = (admin(language) as { activityEntry: Record<string, string> }).activityEntry;
    const keyOf = (action: string) => action.replace('.', '_');
    const missing = actions.filter((action) =>
      action === 'exam.submit'
        ? !['passed', 'failed', 'training'].every((outcome) => entries[`exam_submit_${outcome}`])
        : !entries[keyOf(action)],
    );
    expect(missing).toEqual([]);
  });
});

describe('the colour of an activity entry', () => {
  it('tells a failed exam from a passed one, and deletions from other changes', () => {
    const exam = (passed: boolean, examType = 'exam') =>
      entry('exam.submit', { exam_type: examType, passed, score: 50 });
    expect(activityTone(exam(true))).toBe('exam');
    expect(activityTone(exam(false))).toBe('examFailed');
    expect(activityTone(exam(false, 'training'))).toBe('exam');
    expect(activityTone(entry('question.delete', null))).toBe('danger');
    expect(activityTone(entry('question.create', null))).toBe('admin');
  });
});
