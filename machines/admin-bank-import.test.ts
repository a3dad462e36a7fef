import { describe, expect, it } from 'vitest';
import {
  fileSetOf,
  isBankRejection,
  isPhotoConflict,
  isUploadable,
} from './admin-bank-import.machine';

const named = (...names: string[]) => names.map((name) => ({ name, size: 1024 }));

describe('the files an administrator chose for a bank import', () => {
  it('are told apart by the ending of their names, in any case', () => {
    const set = fileSetOf(
      named(
        'bank.csv',
        'TOPICS.CSV',
        'photos.zip',
        'a.png',
        'b.JPG',
        'c.jpeg',
        'd.gif',
        'e.webp',
        'bank.csv.txt',
        'photos.zip.part',
        'f.png.txt',
        'g.jpe',
        'notes.txt',
      ),
    );
    expect(set).toMatchObject({ csvCount: 2, zipCount: 1, photoCount: 5, otherCount: 5 });
    expect(set.files).toHaveLength(13);
  });

  it('make an upload as one or two CSVs (with any photos) or one zip alone', () => {
    const uploadable = (...names: string[]) => isUploadable(fileSetOf(named(...names)));
    expect(isUploadable(null)).toBe(false);
    expect(uploadable()).toBe(false);
    expect(uploadable('bank.csv')).toBe(true);
    // A tab-separated sheet, as Excel's "Unicode Text" is once named so.
    expect(uploadable('bank.tsv', 'a.png')).toBe(true);
    expect(uploadable('bank.csv', 'topics.csv', 'a.png')).toBe(true);
    expect(uploadable('a.csv', 'b.csv', 'c.csv')).toBe(false);
    expect(uploadable('a.png')).toBe(false);
    expect(uploadable('bank.zip')).toBe(true);
    expect(uploadable('bank.zip', 'other.zip')).toBe(false);
    expect(uploadable('bank.zip', 'bank.csv')).toBe(false);
  });
});

describe("the server's refusals of a bank import", () => {
  it('read a 422 as a rejection only with a list of lines and reasons', () => {
    expect(isBankRejection({ detail: 'bad', errors: [{ line: 3, reason: 'no answer' }] })).toBe(
      true,
    );
    expect(isBankRejection({ errors: [] })).toBe(true);
    for (const refusal of [
      null,
      undefined,
      'bad',
      {},
      { errors: 'bad' },
      { errors: [null] },
      { errors: ['line 3'] },
      { errors: [{ line: '3', reason: 'no answer' }] },
      { errors: [{ line: 3 }] },
      { errors: [{ line: 3, reason: 'no answer' }, { reason: 'no line' }] },
    ]) {
      expect(isBankRejection(refusal)).toBe(false);
    }
  });

  it('read a 409 as a photo conflict only when it names photos', () => {
    expect(isPhotoConflict({ photos: ['a.png'] })).toBe(true);
    for (const refusal of [null, undefined, 'conflict', {}, { photos: [] }, { photos: 'a.png' }]) {
      expect(isPhotoConflict(refusal)).toBe(false);
    }
  });
});
