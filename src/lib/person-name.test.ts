import { describe, expect, it } from 'vitest';
import { addressName, fullName, inNameOrder } from './person-name';

describe('fullName', () => {
  it('writes Chinese and Korean names family name first, without a space', () => {
    expect(fullName({ first_name: '小明', last_name: '王' })).toBe('王小明');
    expect(fullName({ first_name: '민준', last_name: '김' })).toBe('김민준');
  });

  it('writes other names given name first', () => {
    expect(fullName({ first_name: 'Anna', last_name: 'Lee' })).toBe('Anna Lee');
    expect(fullName({ first_name: 'Иван', last_name: 'Петров' })).toBe('Иван Петров');
    // Mixed scripts keep the given-first order.
    expect(fullName({ first_name: 'Anna', last_name: '王' })).toBe('Anna 王');
  });

  it('leaves out a missing name and blanks', () => {
    expect(fullName({ first_name: ' Anna ', last_name: '' })).toBe('Anna');
    expect(fullName({ first_name: '', last_name: '김' })).toBe('김');
    expect(fullName({ first_name: ' ', last_name: '' })).toBe('');
  });
});

describe('addressName', () => {
  it('calls a person by the given name, but by the whole of a Chinese or Korean name', () => {
    expect(addressName({ first_name: ' Anna ', last_name: 'Lee' })).toBe('Anna');
    expect(addressName({ first_name: 'Иван', last_name: 'Петров' })).toBe('Иван');
    expect(addressName({ first_name: '明', last_name: '王' })).toBe('王明');
    expect(addressName({ first_name: '민준', last_name: '김' })).toBe('김민준');
    // Without a family name, or in another script, the given name is the name.
    expect(addressName({ first_name: '明', last_name: '' })).toBe('明');
    expect(addressName({ first_name: '', last_name: '王' })).toBe('');
  });
});

describe('inNameOrder', () => {
  const fields = ['username', 'first_name', 'last_name', 'email'] as const;

  it('asks for the family name first in Chinese and Korean', () => {
    for (const language of ['zh', 'ko'])
      expect(inNameOrder(fields, language)).toEqual([
        'username',
        'last_name',
        'first_name',
        'email',
      ]);
  });

  it('keeps the given name first in English and Russian', () => {
    for (const language of ['en', 'ru', undefined])
      expect(inNameOrder(fields, language)).toEqual([...fields]);
  });
});
