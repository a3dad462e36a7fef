import { describe, expect, it } from 'vitest';
import { isPhotoName } from '../../../domain/question-fields';
import { nameBesideOthers } from './bank-import';

describe('the name a photo takes beside another course’s photo of its name', () => {
  const etag = '"Xk3v_9aQ-rest-of-the-tag"';

  it('adds the tag’s first 8 characters before the extension', () => {
    expect(nameBesideOthers('1.jpg', etag)).toBe('1-Xk3v_9aQ.jpg');
    expect(nameBesideOthers('sign.v2.png', etag)).toBe('sign.v2-Xk3v_9aQ.png');
    expect(nameBesideOthers('README', etag)).toBe('README-Xk3v_9aQ');
  });

  it('stays a valid photo name when the name was already as long as allowed', () => {
    const longest = `${'a'.repeat(124)}.png`;
    expect(isPhotoName(longest)).toBe(true);
    const renamed = nameBesideOthers(longest, etag);
    expect(renamed).toBe(`${'a'.repeat(115)}-Xk3v_9aQ.png`);
    expect(isPhotoName(renamed)).toBe(true);
  });
});
