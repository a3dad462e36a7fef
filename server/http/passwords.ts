import { hash, verify } from '@node-rs/argon2';
import { ValidationError } from './errors';
import { text } from '../i18n/text';

// OWASP's argon2id baseline: 19 MiB, 2 passes, parallelism 1.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * The hash of a password being set (registration, a change, an administrator's). Any characters
 * count, spaces too, but one made only of spaces is refused (422 naming `field`): it is a slip
 * of the thumb far more often than a choice, and would lock its owner out.
 */
export function hashNewPassword(password: string, field: string): Promise<string> {
  if (!/\S/u.test(password)) throw new ValidationError(text('passwordBlank'), { field });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
