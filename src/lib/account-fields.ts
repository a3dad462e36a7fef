import { isTooLong, trimText } from '../../domain/text';
import { useCallback } from 'react';
import { useTranslation } from '../i18n/react';

/*
 * The contract's rules for account fields (openapi/api.yaml: Username, Email, Name), checked
 * before a form is sent: the register, profile and admin user forms show a readable problem
 * under the field in the user's language instead of the server's English detail.
 */

export const USERNAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;

// The contract's patterns, with the `u` flag the server's validator (Ajv) compiles them with.
const USERNAME = /^[A-Za-z0-9_.@+-]+$/u;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/u;

/** What is wrong with a field; `validation.<code>` in auth.json words it. */
export type FieldProblem =
  | { code: 'required' }
  | { code: 'usernameCharacters' }
  | { code: 'email' }
  | { code: 'tooLong'; max: number }
  /** A new password of spaces only, which the server refuses (422). */
  | { code: 'blankPassword' }
  /** The server refused the value: another account has it (409 naming the field). */
  | { code: 'taken' };

export type AccountField = 'username' | 'email' | 'first_name' | 'last_name';
export type AccountProblems = Partial<Record<AccountField, FieldProblem>>;

// Trimmed as the server trims (domain/text.ts), so the checks below see the value as it will.
export { trimText };

// The schema's lengths count characters (code points), as Ajv does, not UTF-16 units.
const tooLong = (text: string, max: number): FieldProblem | null =>
  isTooLong(text, max) ? { code: 'tooLong', max } : null;

/** The contract's Password: any characters, 1 to 256 of them (spaces count). */
export const PASSWORD_MAX_LENGTH = 256;

export function passwordProblem(password: string): FieldProblem | null {
  if (password === '') return { code: 'required' };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: 'tooLong', max: PASSWORD_MAX_LENGTH };
  return null;
}

/** A password being set: as any password, and not only spaces (server/http/passwords.ts). */
export function newPasswordProblem(password: string): FieldProblem | null {
  return passwordProblem(password) ?? (/\S/u.test(password) ? null : { code: 'blankPassword' });
}

/** A trimmed username: required, Latin letters, digits and _ . @ + - only, up to 50. */
export function usernameProblem(username: string): FieldProblem | null {
  if (username === '') return { code: 'required' };
  if (!USERNAME.test(username)) return { code: 'usernameCharacters' };
  return tooLong(username, USERNAME_MAX_LENGTH);
}

/** A trimmed e-mail address: required, name@domain.tld, up to 254. */
export function emailProblem(email: string): FieldProblem | null {
  if (email === '') return { code: 'required' };
  if (!EMAIL.test(email)) return { code: 'email' };
  return tooLong(email, EMAIL_MAX_LENGTH);
}

/** A trimmed first or last name: up to 100, and not blank where the form requires it. */
export function nameProblem(name: string, required: boolean): FieldProblem | null {
  if (required && name === '') return { code: 'required' };
  return tooLong(name, NAME_MAX_LENGTH);
}

/**
 * Every problem of the trimmed account fields in `values` (only the fields given are checked),
 * keyed by field; empty when the values can be sent.
 */
export function accountProblems(
  values: Partial<Record<AccountField, string>>,
  { namesRequired }: { namesRequired: boolean },
): AccountProblems {
  const found: AccountProblems = {};
  const record = (field: AccountField, problem: FieldProblem | null) => {
    if (problem) found[field] = problem;
  };
  if (values.username !== undefined) record('username', usernameProblem(values.username));
  if (values.email !== undefined) record('email', emailProblem(values.email));
  if (values.first_name !== undefined)
    record('first_name', nameProblem(values.first_name, namesRequired));
  if (values.last_name !== undefined)
    record('last_name', nameProblem(values.last_name, namesRequired));
  return found;
}

/** The problem to show under each field a refusal named as taken (`username`, `email`). */
export function takenProblems(fields: readonly string[]): AccountProblems {
  const found: AccountProblems = {};
  for (const field of fields) {
    if (field === 'username' || field === 'email') found[field] = { code: 'taken' };
  }
  return found;
}

/**
 * Puts the focus on the first field, in the form's order, that has a problem; false when none
 * has one (the form can be sent).
 */
export function focusFirstProblem<F extends string>(
  form: HTMLFormElement,
  order: readonly F[],
  found: Partial<Record<F, unknown>>,
): boolean {
  const first = order.find((name) => found[name]);
  if (first === undefined) return false;
  const field = form.elements.namedItem(first);
  if (!(field instanceof HTMLElement)) return true;
  if (field === document.activeElement) {
    // Sent with Enter from the field at fault: focus is there already, so nothing would read out
    // its new message. It leaves and comes back once the message is shown, and is read with it.
    field.blur();
    setTimeout(() => field.focus(), 0);
  } else field.focus();
  return true;
}

/** Words a field problem in the user's language (the page's loader loads the auth namespace). */
export function useFieldProblemText() {
  const { t } = useTranslation('auth');
  return useCallback(
    (problem: FieldProblem | null | undefined): string | undefined => {
      if (!problem) return undefined;
      return problem.code === 'tooLong'
        ? t('validation.tooLong', { count: problem.max })
        : t(`validation.${problem.code}`);
    },
    [t],
  );
}
