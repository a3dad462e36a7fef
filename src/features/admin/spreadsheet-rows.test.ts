import { describe, expect, it } from 'vitest';
import { spreadsheetRows } from './spreadsheet-rows';

const rowsOf = (text: string) => spreadsheetRows(new TextEncoder().encode(text));

describe("a CSV's lines as a spreadsheet's rows", () => {
  it('counts a record whose cells hold line breaks as one row', () => {
    const csv = [
      'question_text;answer_1;answer_2;right_answers;explanation',
      'Q1;Yes;No;1;"First line',
      'second line ""quoted""',
      'third line"',
      'Q2;Yes;No;1;short',
      '',
      'Q3;"Yes; really";No;1;"a',
      'b"',
      'Q4, a 12" wheel;Yes;No;1;plain',
      'Q5;Yes;No;1;plain',
    ].join('\r\n');
    const rows = rowsOf(csv);
    expect([1, 2, 5, 6, 7, 9, 10].map((line) => rows.get(line))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Lines inside a cell start no row.
    expect(rows.has(3)).toBe(false);
    expect(rows.has(8)).toBe(false);
  });

  it("leaves out Excel's sep= line, which Excel shows as no row, and reads UTF-16", () => {
    const text =
      'sep=,\nquestion_text,answer_1,answer_2,right_answers\n"Two\nlines",Yes,No,1\nQ,Yes,No,1\n';
    expect([...rowsOf(text)].slice(0, 3)).toEqual([
      [2, 1],
      [3, 2],
      [5, 3],
    ]);
    const tabs = 'question_text\tanswer_1\r\n"A\r\nB"\tYes\r\nC\tNo\r\n';
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(tabs, 'utf16le'))]);
    expect(spreadsheetRows(utf16).get(4)).toBe(3);
  });
});
