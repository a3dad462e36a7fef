import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../http/errors';
import { worded } from '../../i18n/text';
import { parseTopicsCsv } from './topics.csv';

const inPackage = (text: string) =>
  worded(parseTopicsCsv(Buffer.from(text), { inPackage: true, courseLanguage: undefined }), 'en');

describe('parseTopicsCsv', () => {
  it('reads question_rows separated by | as the questions CSV lists topics, and names | when refusing', () => {
    const topics = inPackage(
      'name,question_rows\nSigns,1|2|3\nLights," 4 | 5 "\nMixed,"6|7,8"\nBad,1|two\n',
    );
    expect(topics.rows.map((row) => [row.name, row.questionIds])).toEqual([
      ['Signs', [1, 2, 3]],
      ['Lights', [4, 5]],
      ['Mixed', [6, 7, 8]],
    ]);
    expect(topics.problems).toEqual([
      {
        line: 5,
        reason:
          'question_rows must list rows of the questions CSV: numbers separated by commas, semicolons, spaces or |',
      },
    ]);
  });

  it("follows Excel's sep= line and leaves out empty header cells, counting the file's own lines", () => {
    const topics = inPackage('sep=;\r\nname;question_rows;;\r\nSigns;1|2;;\r\nLights;x;;\r\n');
    expect(topics.rows.map((row) => [row.line, row.name, row.questionIds])).toEqual([
      [3, 'Signs', [1, 2]],
    ]);
    expect(topics.problems.map((problem) => problem.line)).toEqual([4]);
  });

  it('refuses a header without its columns at the line it is on', () => {
    const thrown = (() => {
      try {
        parseTopicsCsv(Buffer.from('sep=,\ntitle,ids\nX,1\n'), { courseLanguage: undefined });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).extra?.errors).toMatchObject([{ line: 2 }]);
  });
});

describe('a topics CSV of question ids', () => {
  it('reads ids separated by | as the bank CSV lists topics and tickets', () => {
    const topics = worded(
      parseTopicsCsv(Buffer.from('name,question_ids\nSigns,12|13|14\nLights," 4 | 5 ;6"\n'), {
        courseLanguage: undefined,
      }),
      'en',
    );
    expect(topics.rows.map((row) => [row.name, row.questionIds])).toEqual([
      ['Signs', [12, 13, 14]],
      ['Lights', [4, 5, 6]],
    ]);
    expect(topics.problems).toEqual([]);
  });
});
