import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvFile, escapeFormula, unescapeFormula } from './csv-cells';

describe('csv cells', () => {
  it('escapes what a spreadsheet would run, and reads back the original text exactly', () => {
    const cases: [string, string][] = [
      ['=SUM(A1)', "'=SUM(A1)"],
      ['+1', "'+1"],
      ['-5 °C', "'-5 °C"],
      ['@home', "'@home"],
      ["'=x", "''=x"],
      ["''", "'''"],
      ["'plain", "'plain"],
      ["'", "'"],
      ['plain', 'plain'],
      ['', ''],
    ];
    for (const [text, escaped] of cases) {
      expect(escapeFormula(text), text).toBe(escaped);
      expect(unescapeFormula(escaped), text).toBe(text);
    }
  });

  it('round-trips any text through a CSV file', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom("'", '=', '+', '-', '@', 'a', ',', '"', '\n') }),
          { minLength: 1 },
        ),
        (cells) => {
          const [record] = parse(csvFile([cells]).replace(/^\uFEFF/, ''), {
            relax_column_count: true,
          }) as string[][];
          expect((record ?? []).map(unescapeFormula)).toEqual(
            cells.length === 1 && cells[0] === '' ? [''] : cells,
          );
        },
      ),
    );
  });

  it('quotes a cell holding a delimiter, a quote or a line break', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
  });
});
