/** A stored record as its form shows it, and the entity tag (ETag) of that version. */
export interface RecordVersion<F> {
  form: F;
  tag: string;
}

/** Unsaved changes kept across a reload: the form, and the version they were made from. */
export interface RecordDraft<F> {
  form: F;
  /** The ETag of the version the changes were made from; null for a new record. */
  tag: string | null;
  /** That version's form, to tell the fields changed from the others (older drafts lack it). */
  base?: F;
}

export interface RecordEditInput<F> {
  /** The record's id, or null for a new one. */
  id: number | null;
  /** The form of a new record. */
  blank: F;
  /** Changes kept from before (a reload, an ended session), if any. */
  draft: RecordDraft<F> | null;
}

export interface RecordEditContext<F> {
  id: number | null;
  form: F;
  /**
   * The version the changes were made from (the stored one when the form opened, or blank), to
   * tell whether and where the form changed.
   */
  base: F;
  /** The version the form's changes were made from; null for a new record. */
  tag: string | null;
  /** Someone else's version, saved after the one the changes were made from. */
  theirs: RecordVersion<F> | null;
  /** Changes kept from before, until the stored version has been read. */
  draft: RecordDraft<F> | null;
  /** Whether the form shows changes kept from before (a note says so). */
  restored: boolean;
}

/**
 * How a save ended, as the injected `saveRecord` reports it: the server took it, refused it
 * because someone else saved first (412) or deleted the record (404), or refused it otherwise
 * (the screen says why).
 */
export type SaveOutcome = 'saved' | 'conflict' | 'gone' | 'failed';

export interface SaveRequest<B> {
  id: number | null;
  body: B;
  /** Sent as If-Match: the version the changes were made from. */
  tag: string | null;
}

export type RecordEditEvent<F, B> =
  | { type: 'user.change'; form: F }
  | { type: 'user.save'; body: B }
  | { type: 'user.keepMine' }
  | { type: 'user.takeTheirs' }
  /** Gives up the changes: the form shows what it started from. */
  | { type: 'user.revert' }
  | { type: 'user.retry' };

export type RecordEditTag =
  | 'status:loading'
  | 'status:loadFailed'
  | 'status:saving'
  | 'status:conflict'
  | 'status:missing'
  | 'status:saved';
