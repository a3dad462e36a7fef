import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const LOCALES = fileURLToPath(new URL('../../public/locales/', import.meta.url));
const LANGUAGES = ['en', 'ru', 'zh', 'ko'] as const;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [inner, text] of flatten(value, name)) out.set(inner, text);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  const file = path.join(LOCALES, language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
}

/** Plural forms differ by language (ru has _few and _many, zh and ko only _other): compare bases. */
const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
const variables = (text: string) =>
  [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1]).sort();

const namespaces = readdirSync(path.join(LOCALES, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

describe('translations', () => {
  it('have every area namespace in English', () => {
    expect(namespaces).toEqual(
      expect.arrayContaining([
        'common',
        'auth',
        'dashboard',
        'profile',
        'questions',
        'pages',
        'exam',
        'training',
        'admin',
      ]),
    );
  });

  for (const language of LANGUAGES) {
    it(`${language} has exactly the namespaces of en`, () => {
      const files = readdirSync(path.join(LOCALES, language))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.replace(/\.json$/, ''))
        .sort();
      expect(files).toEqual(namespaces);
    });

    for (const namespace of namespaces) {
      describe(`${language}/${namespace}.json`, () => {
        const english = load('en', namespace);
        const strings = load(language, namespace);

        it('has no key missing or extra compared with en', () => {
          const expected = new Set([...english.keys()].map(base));
          const actual = new Set([...strings.keys()].map(base));
          expect(
            [...expected].filter((key) => !actual.has(key)),
            'missing',
          ).toEqual([]);
          expect(
            [...actual].filter((key) => !expected.has(key)),
            'extra',
          ).toEqual([]);
        });

        it('has no empty value', () => {
          const empty = [...strings].filter(([, text]) => text.trim() === '').map(([key]) => key);
          expect(empty).toEqual([]);
        });

        it('keeps the interpolation variables of en', () => {
          for (const [key, text] of strings) {
            const englishText =
              english.get(key) ?? english.get(`${base(key)}_other`) ?? english.get(base(key));
            if (englishText === undefined) continue;
            expect(variables(text), key).toEqual(variables(englishText));
          }
        });

        it('has every plural form the language needs', () => {
          const rules = new Intl.PluralRules(language);
          const needed = rules.resolvedOptions().pluralCategories;
          const plurals = new Set(
            [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(base),
          );
          for (const key of plurals) {
            for (const category of needed) {
              expect(strings.has(`${key}_${category}`), `${key}_${category}`).toBe(true);
            }
          }
        });

        if (language !== 'en') {
          it('is translated: no value left in English', () => {
            const SAME_EVERYWHERE =
              /^[\d\s.,:;!?%+\-–—()#@{}/|©*×✓←→↗]*$|{{[\w.]+}}|^[A-Z0-9\s-]+$/;
            const untranslated = [...strings]
              .filter(([key, text]) => {
                const englishText = english.get(key);
                if (englishText === undefined || text !== englishText) return false;
                const withoutVariables = text.replace(/{{\s*[\w.]+\s*}}/g, '');
                // Product names such as SQLite, PostgreSQL or KakaoPay stay as they are.
                const productName = /^[A-Z][\p{L}\d]*[A-Z][\p{L}\d]*$/u.test(text.trim());
                return (
                  /\p{Script=Latin}{3,}/u.test(withoutVariables) &&
                  !SAME_EVERYWHERE.test(text) &&
                  !productName
                );
              })
              .map(([key]) => key);
            expect(untranslated).toEqual([]);
          });

          if (language === 'ko')
            it('keeps a bracketed particle, as in 을(를), on the line of its word', () => {
              // Between a syllable and an opening bracket a line may break, even under
              // keep-all: a word joiner (U+2060) holds them together.
              const split = [...strings]
                .filter(([, text]) => /[가-힣]\((?:를|는|가|과|이|으)/u.test(text))
                .map(([key]) => key);
              expect(split).toEqual([]);
            });

          it('has no garbled text (replacement characters or mojibake)', () => {
            const garbled = [...strings]
              .filter(([, text]) => /\uFFFD|Ã.|Ð.|â€/.test(text))
              .map(([key]) => key);
            expect(garbled).toEqual([]);
          });
        }
      });
    }
  }

  it("puts each number of a ticket's card in its own plural form", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'ru',
      interpolation: { escapeValue: false },
      resources: Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          Object.fromEntries(
            ['common', 'training'].map((namespace) => [
              namespace,
              JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')),
            ]),
          ),
        ]),
      ),
    });
    const meta = (language: string, questions: number, points: number) => {
      const t = i18n.getFixedT(language, 'training');
      return t('tickets.meta', {
        questions: t('common:counts.questions', { count: questions }),
        points: t('tickets.pointCount', { count: points }),
      });
    };
    expect(meta('ru', 40, 54)).toBe('40 вопросов · 54 балла');
    expect(meta('ru', 21, 55)).toBe('21 вопрос · 55 баллов');
    expect(meta('ru', 2, 1)).toBe('2 вопроса · 1 балл');
    expect(meta('en', 1, 1)).toBe('1 question · 1 point');
    expect(meta('en', 40, 54)).toBe('40 questions · 54 points');
  });
});
