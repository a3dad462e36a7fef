/** Where the forms' unsaved changes are kept in sessionStorage: `draft.${form}`. */
export const DRAFT_PREFIX = 'draft.';

/** Drops every form's kept changes in this tab (a deliberate logout). */
export function forgetAllDrafts(): void {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(DRAFT_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept either.
  }
}
