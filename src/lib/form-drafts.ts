import { DRAFT_PREFIX } from './draft-keys';

/**
 * Unsaved changes to one form kept in sessionStorage under `draft.${name}`: a reload, or a sign-in
 * after the session ended, brings them back in this tab (another tab keeps its own).
 */
export interface FormDraftStore<T> {
  load(): T | null;
  save(draft: T): void;
  clear(): void;
}

export function formDraftStore<T>(name: string): FormDraftStore<T> {
  const key = `${DRAFT_PREFIX}${name}`;
  return {
    load() {
      try {
        const raw = window.sessionStorage.getItem(key);
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        // Storage refused, or damaged: nothing to bring back.
        return null;
      }
    },
    save(draft) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(draft));
      } catch (error) {
        console.warn(`The changes to ${name} could not be kept for a reload.`, error);
      }
    },
    clear() {
      try {
        window.sessionStorage.removeItem(key);
      } catch {
        // Nothing kept.
      }
    },
  };
}
