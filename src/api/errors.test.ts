import { describe, expect, it } from 'vitest';
import { apiErrorFrom, fieldOf, fieldsOf } from './errors';

describe('apiErrorFrom', () => {
  it('names every field a refusal lists, the first as its field', () => {
    const error = apiErrorFrom(409, {
      detail: 'This username and this e-mail are already taken',
      field: 'username',
      fields: ['username', 'email'],
    });
    expect(fieldsOf(error)).toEqual(['username', 'email']);
    expect(fieldOf(error)).toBe('username');
  });

  it('reads a lone field as a list of one, and none as an empty list', () => {
    expect(fieldsOf(apiErrorFrom(409, { detail: 'Taken', field: 'email' }))).toEqual(['email']);
    const none = apiErrorFrom(500, { detail: 'Internal error' });
    expect(fieldsOf(none)).toEqual([]);
    expect(fieldOf(none)).toBeNull();
    // A list of something else is not a list of fields.
    expect(fieldsOf(apiErrorFrom(400, { detail: 'x', field: 'name', fields: [1] }))).toEqual([
      'name',
    ]);
  });
});
