import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  QUESTION_CSV_COLUMNS,
  readQuestionsCsv,
  separatorHint,
} from './questions.csv';
import { matchesEtag } from '../../http/entity-tags';
import { detectImageKind } from './questions.images';
import { checkQuestion } from './questions.validation';
import { worded } from '../../i18n/text';

// The spec's ten columns; `photo_alt` is an optional eleventh.
const HEADER = QUESTION_CSV_COLUMNS.filter((column) => column !== 'photo_alt').join(',');
// Compared in English: the texts are worded per request, in the caller's language.
const english = (data: Buffer) => worded(readQuestionsCsv(data), 'en');
const read = (text: string) => english(Buffer.from(text, 'utf8'));

describe('readQuestionsCsv', () => {
  it('reads a key and points as Korean banks write them: circled numbers, 점 after the points', () => {
    const result = read(
      [
        'question_text,answer_1,answer_2,answer_3,answer_4,right_answers,points',
        '보행자 보호 의무로 맞는 것 2가지는?,A,B,C,D,"①,③",2점',
        '신호등이 황색일 때?,A,B,C,D,④,３',
      ].join('\n'),
    );
    expect(result.ok && result.rows.map((row) => row.question)).toMatchObject([
      { right_answers: '1,3', points: 2 },
      { right_answers: '4', points: 3 },
    ]);
  });

  it('says the points it takes for points it cannot read, a negative number among them', () => {
    const result = read(
      ['question_text,answer_1,answer_2,right_answers,points', 'Q,A,B,1,-5', 'R,A,B,1,1.5'].join(
        '\n',
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: [
        { line: 2, reason: 'points must be a whole number from 1 to 100 (got "-5")' },
        { line: 3, reason: 'points must be a whole number from 1 to 100 (got "1.5")' },
      ],
    });
  });

  it("reads keys as China's and Korea's banks write them: letters, 对 and ×, circled numbers together", () => {
    const result = read(
      [
        'question_text,answer_1,answer_2,answer_3,answer_4,right_answers',
        '多选题？,甲,乙,丙,丁,ABD',
        '单选题？,甲,乙,丙,丁,c',
        '判断题？,正确,错误,,,对',
        '判断题二？,正确,错误,,,×',
        '두 개 고르시오?,가,나,다,라,①③',
      ].join('\n'),
    );
    expect(result).toMatchObject({ ok: true });
    if (result.ok)
      expect(result.rows.map((row) => row.question.right_answers)).toEqual([
        '1,2,4',
        '3',
        '1',
        '2',
        '1,3',
      ]);
  });

  it('refuses the rows that fill a sixth answer, naming them; an empty answer_6 column is no matter', () => {
    const result = read(
      [
        'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,answer_6,right_answers',
        'Six?,A,B,C,D,E,F,"1,2"',
        'Two?,A,B,,,,,1',
      ].join('\n'),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: [
        {
          line: 2,
          reason:
            'A question has at most 5 answers (answer_1 to answer_5), and this row fills "answer_6": give it 5 answers or fewer (an empty answer_6 column does no harm)',
        },
      ],
    });
    // A spreadsheet's template with a column for a sixth answer nobody filled.
    const empty = read(
      [
        'question_text,answer_1,answer_2,answer_6,right_answers',
        'Two?,A,B,,1',
        'Also?,A,B, ,2',
      ].join('\n'),
    );
    expect(empty).toMatchObject({ ok: true });
    if (empty.ok) expect(empty.rows.map((row) => row.question.right_answers)).toEqual(['1', '2']);
  });

  it('numbers each record by the line it starts on, across quoted line breaks and blank lines', () => {
    const result = read(
      [
        HEADER,
        '"Two',
        'lines",A,B,,,,1,,,',
        '',
        'Third,A,B,,,,2,,,',
        ',,,,,,,,,',
        '"Last",A,B,C,,,"1,3",4,,"x',
        'y',
        'z"',
      ].join('\n'),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows.map((row) => row.line)).toEqual([2, 5, 7]);
    expect(result.rows[2]?.question).toMatchObject({
      right_answers: '1,3',
      points: 4,
      explanation: 'x\ny\nz',
    });
  });

  it('reports the start line of a bad multi-line record', () => {
    const result = read([HEADER, 'Fine,A,B,,,,1,,,', '"Bad', 'and long",A,B,,,,5,,,'].join('\r\n'));
    expect(result).toMatchObject({
      ok: false,
      detail: 'The file has 1 bad row; nothing was imported',
      errors: [{ line: 3, reason: 'right_answers names answer 5, which is empty' }],
    });
    // The good row comes back beside it, for its photo to be checked in the same pass.
    expect(result.ok ? [] : result.rows?.map((row) => row.line)).toEqual([2]);
  });

  it('refuses a file holding a NUL character, naming its line (Windows line breaks too)', () => {
    const result = read(
      [HEADER, 'Fine,A,B,,,,1,,,', 'Fine too,A,B,,,,1,,,Be\u0000cause'].join('\r\n'),
    );
    expect(result).toEqual({
      ok: false,
      detail: 'The file holds the NUL character (U+0000); nothing was imported',
      errors: [{ line: 3, reason: expect.stringMatching(/NUL character/) }],
    });
  });

  it('refuses a file holding another control character, naming its line', () => {
    const result = read(
      [HEADER, 'Fine,A,B,,,,1,,,', '"Red \u001b[31mlight",A,B,,,,1,,,'].join('\n'),
    );
    expect(result).toEqual({
      ok: false,
      detail: 'The file holds a control character (U+001B); nothing was imported',
      errors: [{ line: 3, reason: expect.stringMatching(/control character \(U\+001B\)/) }],
    });
  });

  it('reads a semicolon file with unquoted comma lists and a BOM', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const text = 'QUESTION_TEXT;Answer_1;Answer_2;Right_Answers\nQ, with comma;A;B;1,2\n';
    const result = english(Buffer.concat([bom, Buffer.from(text)]));
    expect(result.ok && result.rows[0]?.question).toMatchObject({
      question_text: 'Q, with comma',
      right_answers: '1,2',
      answer_3: null,
      points: 1,
    });
  });

  it("names a photo written with its folder by its file name, as a package's photos are found", () => {
    const result = read(
      [
        'question_text,answer_1,answer_2,right_answers,photo',
        'Q1,A,B,1,images/1_1.jpg',
        'Q2,A,B,1,.\\img\\Ticket 2\\2_5.JPG',
        'Q3,A,B,1, 3_1.png ',
      ].join('\n'),
    );
    expect(result.ok && result.rows.map((row) => row.question.photo)).toEqual([
      '1_1.jpg',
      '2_5.JPG',
      '3_1.png',
    ]);
  });

  it('takes a photo named in any alphabet, with spaces and a copy\'s "(2)", composed as typed', () => {
    const result = read(
      [
        'question_text,answer_1,answer_2,right_answers,photo',
        'Q1,A,B,1,знак_1.jpg',
        'Q2,A,B,1,标志 (2).png',
        // macOS writes й as и and a combining breve.
        `Q3,A,B,1,${'Пешеход й.png'.normalize('NFD')}`,
      ].join('\n'),
    );
    expect(result.ok && result.rows.map((row) => row.question.photo)).toEqual([
      'знак_1.jpg',
      '标志 (2).png',
      'Пешеход й.png',
    ]);
  });

  it('refuses a photo name of characters a path or markup is made of, saying which ones it takes', () => {
    expect(
      read('question_text,answer_1,answer_2,right_answers,photo\nQ,A,B,1,"знак ""1"".jpg"'),
    ).toMatchObject({
      ok: false,
      errors: [
        {
          line: 2,
          reason:
            'photo "знак "1".jpg" is not a photo\'s name: any letters, digits, spaces and punctuation but / \\ : * ? " < > | and invisible characters, starting with a letter, a digit or _, up to 128',
        },
      ],
    });
  });

  it('reads a sheet saved as Excel\'s "Unicode Text": UTF-16 with its BOM, tab-separated', () => {
    const sheet =
      'question_text\tanswer_1\tanswer_2\tright_answers\r\n' +
      '"Знак, который ""запрещает"" въезд?"\tДа, всегда\tНет\t1\r\n' +
      '어린이 보호구역?\t30\t50\t1\r\n';
    for (const [bom, encode] of [
      [[0xff, 0xfe], (text: string) => Buffer.from(text, 'utf16le')],
      [[0xfe, 0xff], (text: string) => Buffer.from(text, 'utf16le').swap16()],
    ] as const) {
      const result = english(Buffer.concat([Buffer.from(bom), encode(sheet)]));
      expect(result.ok && result.rows.map((row) => row.question)).toMatchObject([
        {
          question_text: 'Знак, который "запрещает" въезд?',
          answer_1: 'Да, всегда',
          right_answers: '1',
        },
        { question_text: '어린이 보호구역?', answer_1: '30', answer_2: '50' },
      ]);
    }
  });

  it('takes a stray quote inside an unquoted cell as text', () => {
    const result = read(`${HEADER}\nA 12" wheel?,Yes,No,,,,1,,,\n`);
    expect(result.ok && result.rows[0]?.question.question_text).toBe('A 12" wheel?');
  });

  it('refuses unknown, repeated and missing columns on line 1', () => {
    expect(read('question_text,answer_1,answer_2,right_answers,colour\nQ,A,B,1,red')).toMatchObject(
      {
        ok: false,
        errors: [{ line: 1, reason: expect.stringMatching(/Unknown column "colour"/) }],
      },
    );
    expect(read('question_text,answer_1,answer_2,right_answers,Answer_1\nQ,A,B,1,A')).toMatchObject(
      {
        ok: false,
        detail: 'The column "answer_1" appears twice in the header',
      },
    );
    expect(read('question_text,answer_1\nQ,A')).toMatchObject({
      ok: false,
      detail: 'The header lacks the required columns answer_2, right_answers',
    });
  });

  it('refuses text that is not UTF-8, an empty file and a header alone', () => {
    expect(english(Buffer.from([0x51, 0xe4, 0x0a]))).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/UTF-8/),
    });
    expect(read(' \n')).toMatchObject({ ok: false, detail: 'The file is empty', errors: [] });
    expect(read(`${HEADER}\n\n`)).toMatchObject({
      ok: false,
      detail: 'The file has a header but no questions',
    });
  });
});

describe('readQuestionsCsv on files as Excel saves them', () => {
  const texts = (result: ReturnType<typeof read>) =>
    result.ok ? result.rows.map((row) => [row.line, row.question.question_text]) : result;

  it('leaves out header cells left empty, with their empty column, at the end or between names', () => {
    const trailing = read(
      [
        'question_text;answer_1;answer_2;right_answers;topics;;',
        'First?;A;B;1;Signs;;',
        // A row that stops after the last named column is whole too.
        'Second?;A;B;2;',
        ';;;;;;',
        'Third?;A;B;1;; ;',
      ].join('\r\n'),
    );
    expect(texts(trailing)).toEqual([
      [2, 'First?'],
      [3, 'Second?'],
      [5, 'Third?'],
    ]);
    expect(trailing.ok && trailing.rows[0]?.topics).toEqual(['Signs']);

    const between = read('question_text,,answer_1,answer_2,right_answers\nQ?,,A,B,2\n');
    expect(between.ok && between.rows[0]?.question).toMatchObject({
      question_text: 'Q?',
      answer_1: 'A',
      answer_2: 'B',
      right_answers: '2',
    });
  });

  it('refuses a row with a value under a header cell left empty, naming the column, and every such row', () => {
    const result = read(
      [
        'question_text;answer_1;answer_2;right_answers;;topics;',
        'Fine?;A;B;1;;Signs;',
        'Stray?;A;B;1;;;forgotten note',
        'Shifted?;A;B;1;Signs;;',
        'Too many?;A;B;1;;;;',
      ].join('\n'),
    );
    expect(result).toMatchObject({
      ok: false,
      detail: 'The file has 3 bad rows; nothing was imported',
      errors: [
        {
          line: 3,
          reason:
            'Column 7 has no name in the header, but this row has "forgotten note" in it; name the column in the header or empty its cells',
        },
        { line: 4, reason: expect.stringMatching(/^Column 5 has no name in the header.*"Signs"/) },
        {
          line: 5,
          reason: 'The row has 8 cells but the header has 7; check the quotes and the delimiter',
        },
      ],
    });
    expect(result.ok ? [] : result.rows?.map((row) => row.line)).toEqual([2]);
  });

  it("follows Excel's sep= line (after a BOM too) and counts it in every line number", () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const semicolons = english(
      Buffer.concat([
        bom,
        Buffer.from(
          'sep=;\r\nquestion_text;answer_1;answer_2;right_answers\r\nQ, with comma?;A;B;1,2\r\n\r\nBad?;A;B;3\r\n',
        ),
      ]),
    );
    expect(semicolons).toMatchObject({
      ok: false,
      errors: [{ line: 5, reason: 'right_answers names answer 3, which is empty' }],
    });
    expect(
      semicolons.ok ? [] : semicolons.rows?.map((row) => [row.line, row.question.question_text]),
    ).toEqual([[3, 'Q, with comma?']]);

    // The hint wins over the count of delimiters in the header line.
    const commas = read('sep=,\n"question_text;x",answer_1,answer_2,right_answers\n');
    expect(commas).toMatchObject({
      ok: false,
      errors: [{ line: 2, reason: expect.stringMatching(/^Unknown column "question_text;x"/) }],
    });

    const tabs = read('SEP=\t\nquestion_text\tanswer_1\tanswer_2\tright_answers\nQ?\tA\tB\t2\n');
    expect(texts(tabs)).toEqual([[3, 'Q?']]);
    // A spreadsheet that took the line for cells saves it padded with the delimiter.
    const padded = read('sep=;;;;\nquestion_text;answer_1;answer_2;right_answers\nQ?;A;B;1\n');
    expect(texts(padded)).toEqual([[3, 'Q?']]);
    expect(read('sep=;\n')).toMatchObject({ ok: false, detail: 'The file is empty' });
  });

  it("lists as expected only the translation columns of languages other than the course's", () => {
    const unknown = 'question_text,answer_1,answer_2,right_answers,colour\nQ?,A,B,1,red\n';
    const russian = worded(readQuestionsCsv(Buffer.from(unknown), { courseLanguage: 'ru' }), 'en');
    const reason = russian.ok ? '' : String(russian.errors[0]?.reason);
    expect(reason).toContain('question_text@en/zh/ko, answer_1@en/zh/ko');
    expect(reason).not.toMatch(/[@/]ru\b/);
    // Without a course, every language.
    expect(read(unknown)).toMatchObject({
      errors: [
        { reason: expect.stringContaining('question_text@en/ru/zh/ko, answer_1@en/ru/zh/ko') },
      ],
    });

    // Such a column is refused at the header's line, the rows checked beside it.
    const own = worded(
      readQuestionsCsv(
        Buffer.from(
          'sep=,\nquestion_text,answer_1,answer_2,right_answers,question_text@ru\nQ?,A,B,3,\n',
        ),
        { courseLanguage: 'ru' },
      ),
      'en',
    );
    expect(own).toMatchObject({
      ok: false,
      errors: [
        { line: 2, reason: expect.stringMatching(/written in Russian/) },
        { line: 3, reason: 'right_answers names answer 3, which is empty' },
      ],
    });
  });
});

describe('separatorHint', () => {
  it("reads Excel's first line sep=X alone", () => {
    expect(separatorHint('sep=;\r\na;b')).toBe(';');
    expect(separatorHint('\uFEFFsep=,\na,b')).toBe(',');
    expect(separatorHint('sep=\t\na\tb')).toBe('\t');
    expect(separatorHint('sep=|')).toBe('|');
    expect(separatorHint('sep=;;;\n')).toBe(';');
    expect(separatorHint('question_text;sep=;\n')).toBeUndefined();
    expect(separatorHint('sep=\n')).toBeUndefined();
    expect(separatorHint('sep=;,\n')).toBeUndefined();
    expect(separatorHint('sep=x\n')).toBeUndefined();
  });
});

describe('detectDelimiter', () => {
  it('follows the header line only', () => {
    expect(detectDelimiter('a;b;c\n"x,y,z,w";1;2')).toBe(';');
    expect(detectDelimiter('a,b,c\nx;y;z;w;v,1,2')).toBe(',');
    expect(detectDelimiter('single')).toBe(',');
  });
});

describe('checkQuestion', () => {
  const base = { question_text: ' Q ', answer_1: 'A', answer_2: 'B', right_answers: '2;1' };

  it('trims texts, drops empty optional answers and writes right answers as 1,2', () => {
    expect(checkQuestion({ ...base, answer_3: '', explanation: '  ' })).toEqual({
      ok: true,
      question: {
        question_text: 'Q',
        answer_1: 'A',
        answer_2: 'B',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        right_answers: '1,2',
        points: 1,
        photo: null,
        photo_alt: null,
        explanation: null,
      },
    });
  });

  it('names the problem', () => {
    const reason = (draft: Partial<typeof base> & Record<string, unknown>) => {
      const checked = checkQuestion({ ...base, ...draft });
      return checked.ok ? undefined : checked.reason.in('en');
    };
    expect(reason({ right_answers: '' })).toMatch(/right_answers is empty/);
    expect(reason({ right_answers: '0' })).toMatch(/from 1 to 5/);
    expect(reason({ right_answers: '1,x' })).toMatch(/from 1 to 5/);
    expect(reason({ answer_5: 'E' })).toMatch(/answer_5 is filled but answer_4 is empty/);
    expect(reason({ points: 101 })).toMatch(/points/);
    expect(reason({ photo: '../etc/passwd' })).toMatch(/not a photo's name/);
    expect(reason({ question_text: 'x'.repeat(4001) })).toMatch(/longer than 4000/);
    // Invisible characters alone are no text a learner could read.
    expect(reason({ question_text: '\u200B \uFEFF' })).toMatch(/question_text is empty/);
    expect(reason({ answer_1: '\u200B\u200D\uFEFF' })).toMatch(/answer_1 is empty/);
    expect(reason({ answer_3: '\u200B', right_answers: '3' })).toMatch(/names answer 3/);
  });
});

describe('images', () => {
  it('recognises images by their bytes only', () => {
    expect(detectImageKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(detectImageKind(Buffer.from('GIF89a....'))?.contentType).toBe('image/gif');
    expect(detectImageKind(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(detectImageKind(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
    expect(
      detectImageKind(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeUndefined();
    expect(detectImageKind(Buffer.alloc(0))).toBeUndefined();
  });

  it('matches If-None-Match lists, weak tags and the wildcard', () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
