import { describe, expect, it } from 'vitest';
import { initialOf } from './user-links';

describe("the avatar's letter", () => {
  it('is the first letter of the first name, else of the username, in capitals', () => {
    expect(initialOf({ first_name: ' maria ', username: 'mk' })).toBe('M');
    expect(initialOf({ first_name: '  ', username: 'олег' })).toBe('О');
    expect(initialOf({ first_name: '민준' })).toBe('민');
    expect(initialOf(null)).toBe('U');
  });

  it('is a whole character, never half of one', () => {
    expect(initialOf({ first_name: '🚗🚗🚗' })).toBe('🚗');
    expect(initialOf({ first_name: '👩‍🚒 Anna' })).toBe('👩‍🚒');
    expect(initialOf({ first_name: 'и\u0306ра' })).toBe('И\u0306');
  });
});
