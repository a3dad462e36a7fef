import { assign, fromPromise, setup } from 'xstate';
import type {
  RecordDraft,
  RecordEditContext,
  RecordEditEvent,
  RecordEditInput,
  RecordEditTag,
  RecordVersion,
  SaveOutcome,
  SaveRequest,
} from './record-edit.types';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('record edit');

/** Whether two forms hold the same values (forms are plain JSON data). */
export function sameForm<F>(a: F, b: F): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Lists of the same length in every version: their items are changed one by one (answers). */
function itemwise(values: unknown[]): boolean {
  const [first] = values;
  return (
    Array.isArray(first) &&
    values.every((value) => Array.isArray(value) && value.length === first.length)
  );
}

/**
 * The fields that differ from `from` to `to`, in the form's order; a list's items are named
 * one by one (`answers.1`). A form that is not a record of fields is one field, ''.
 */
export function changedFields<F>(from: F, to: F): string[] {
  if (!isRecord(from) || !isRecord(to)) return sameForm(from, to) ? [] : [''];
  return Object.keys(to).flatMap((field) => {
    const versions = [from[field], to[field]];
    if (!itemwise(versions)) return sameForm(versions[0], versions[1]) ? [] : [field];
    const [before, after] = versions as [unknown[], unknown[]];
    return after.flatMap((item, index) =>
      sameForm(before[index], item) ? [] : [`${field}.${index}`],
    );
  });
}

/**
 * The changes made from `base` carried onto `theirs`: each field (or list item) changed keeps
 * its new value, each other one takes theirs. Forms that are not records of fields keep `mine`
 * whole.
 */
export function carryChanges<F>(base: F, mine: F, theirs: F): F {
  if (!isRecord(base) || !isRecord(mine) || !isRecord(theirs)) return mine;
  const carried: Record<string, unknown> = { ...theirs };
  for (const field of Object.keys(mine)) {
    const versions = [base[field], mine[field], theirs[field]];
    if (itemwise(versions)) {
      const [from, changed, their] = versions as [unknown[], unknown[], unknown[]];
      carried[field] = their.map((item, index) =>
        sameForm(changed[index], from[index]) ? item : changed[index],
      );
    } else if (!sameForm(mine[field], base[field])) carried[field] = mine[field];
  }
  return carried as F;
}

/** Whether the form holds changes not yet saved. */
export function hasChanges<F>(context: RecordEditContext<F>): boolean {
  return !sameForm(context.form, context.base);
}

/**
 * An administrator's form for one record (a question, a topic), new or stored. A stored one is
 * read first (`loadRecord`: its form and ETag), so the form starts from what is stored now;
 * changes kept from before a reload come back over it. A save names the version the changes
 * were made from; when someone else saved in between, the server refuses it (`saveRecord`
 * reports 'conflict'), their version is read and the administrator chooses: keep theirs, or
 * keep the changes (the next save replaces theirs). Changes not yet saved are handed to the
 * injected `keepDraft` on every edit and `forgetDraft` drops them once saved or given up.
 */
export function createRecordEditMachine<F, B>() {
  return setup({
    types: {
      context: {} as RecordEditContext<F>,
      events: {} as RecordEditEvent<F, B>,
      input: {} as RecordEditInput<F>,
      tags: {} as RecordEditTag,
    },
    actors: {
      loadRecord: fromPromise<RecordVersion<F>, { id: number }>(notProvided('loadRecord')),
      saveRecord: fromPromise<SaveOutcome, SaveRequest<B>>(notProvided('saveRecord')),
    },
    actions: {
      /** Keeps the changes (and the version they were made from) for a reload. */
      keepDraft: (_, _params: { draft: RecordDraft<F> }) => {},
      /** Drops the kept changes: saved, given up, or none left. */
      forgetDraft: () => {},
      changeForm: assign({ form: (_, params: { form: F }) => params.form }),
      startFromStored: assign(({ context }, params: { stored: RecordVersion<F> }) => {
        const { draft } = context;
        const stored = params.stored;
        if (!draft) return { form: stored.form, base: stored.form, tag: stored.tag };
        // Kept changes made from an older version are still made from it: saving them would
        // replace a version the administrator has not seen, so theirs is shown first.
        const stale = draft.tag !== stored.tag;
        return {
          form: draft.form,
          base: stale ? (draft.base ?? stored.form) : stored.form,
          tag: draft.tag,
          theirs: stale ? stored : null,
          draft: null,
          restored: true,
        };
      }),
      keepTheirs: assign({ theirs: (_, params: { stored: RecordVersion<F> }) => params.stored }),
      // The fields changed keep their new values; the others take theirs.
      keepMine: assign(({ context }) =>
        context.theirs
          ? {
              form: carryChanges(context.base, context.form, context.theirs.form),
              base: context.theirs.form,
              tag: context.theirs.tag,
              theirs: null,
            }
          : {},
      ),
      // The record is gone; changes kept for it stay on screen, to copy before closing.
      showKeptChanges: assign(({ context }) =>
        context.draft ? { form: context.draft.form, draft: null, restored: true } : {},
      ),
      revert: assign(({ context }) => ({ form: context.base, restored: false })),
      takeTheirs: assign(({ context }) =>
        context.theirs
          ? {
              form: context.theirs.form,
              base: context.theirs.form,
              tag: context.theirs.tag,
              theirs: null,
              restored: false,
            }
          : {},
      ),
    },
    guards: {
      isNew: ({ context }) => context.id === null,
      isStale: ({ context }) => context.theirs !== null,
      isSaved: (_, params: { outcome: SaveOutcome }) => params.outcome === 'saved',
      // Only a stored record has a version someone else can have replaced.
      isConflict: ({ context }, params: { outcome: SaveOutcome }) =>
        params.outcome === 'conflict' && context.id !== null,
      isGone: (_, params: { outcome: SaveOutcome }) => params.outcome === 'gone',
      /** The read was refused with a 404: there is no such record (any more). */
      isMissing: (_, params: { error: unknown }) =>
        typeof params.error === 'object' &&
        params.error !== null &&
        (params.error as { status?: unknown }).status === 404,
      isUnchanged: (_, params: { form: F; base: F }) => sameForm(params.form, params.base),
    },
  }).createMachine({
    id: 'recordEdit',
    context: ({ input }) => ({
      id: input.id,
      form: input.id === null && input.draft ? input.draft.form : input.blank,
      base: input.blank,
      tag: null,
      theirs: null,
      draft: input.id === null ? null : input.draft,
      restored: input.id === null && input.draft !== null,
    }),
    initial: 'opening',
    states: {
      opening: {
        description:
          'A new record opens on its blank form (or kept changes); a stored one is read first.',
        always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
      },
      loading: {
        description: 'The stored record and its version are being read.',
        tags: ['status:loading'],
        invoke: {
          id: 'loadRecord',
          src: 'loadRecord',
          input: ({ context }) => ({ id: context.id ?? 0 }),
          onDone: [
            {
              target: 'checkingDraft',
              actions: {
                type: 'startFromStored',
                params: ({ event }) => ({ stored: event.output }),
              },
            },
          ],
          onError: [
            {
              guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
              target: 'missing',
              actions: 'showKeptChanges',
            },
            { target: 'loadFailed' },
          ],
        },
      },
      checkingDraft: {
        description: 'Kept changes made from an older version than the stored one are a conflict.',
        always: [{ guard: 'isStale', target: 'conflict' }, { target: 'editing' }],
      },
      loadFailed: {
        description: 'The record could not be read; nothing can be edited until it is.',
        tags: ['status:loadFailed'],
        on: { 'user.retry': { target: 'loading' } },
      },
      editing: {
        description: 'The form can be changed and saved.',
        on: {
          'user.change': [
            {
              guard: {
                type: 'isUnchanged',
                params: ({ context, event }) => ({ form: event.form, base: context.base }),
              },
              actions: [
                { type: 'changeForm', params: ({ event }) => ({ form: event.form }) },
                'forgetDraft',
              ],
            },
            {
              actions: [
                { type: 'changeForm', params: ({ event }) => ({ form: event.form }) },
                {
                  type: 'keepDraft',
                  params: ({ context, event }) => ({
                    draft: { form: event.form, tag: context.tag, base: context.base },
                  }),
                },
              ],
            },
          ],
          'user.save': { target: 'saving' },
          'user.revert': { actions: ['revert', 'forgetDraft'] },
        },
      },
      saving: {
        description: 'The changes are being saved, naming the version they were made from.',
        tags: ['status:saving'],
        invoke: {
          id: 'saveRecord',
          src: 'saveRecord',
          input: ({ context, event }) => {
            if (event.type !== 'user.save') throw new Error('saving without a save');
            return { id: context.id, body: event.body, tag: context.tag };
          },
          onDone: [
            {
              guard: { type: 'isSaved', params: ({ event }) => ({ outcome: event.output }) },
              target: 'saved',
              actions: 'forgetDraft',
            },
            {
              guard: { type: 'isConflict', params: ({ event }) => ({ outcome: event.output }) },
              target: 'readingTheirs',
            },
            {
              guard: { type: 'isGone', params: ({ event }) => ({ outcome: event.output }) },
              target: 'missing',
            },
            { target: 'editing' },
          ],
          onError: { target: 'editing' },
        },
      },
      readingTheirs: {
        description: 'Someone else saved first: their version is being read.',
        tags: ['status:saving'],
        invoke: {
          id: 'loadTheirs',
          src: 'loadRecord',
          input: ({ context }) => ({ id: context.id ?? 0 }),
          onDone: {
            target: 'conflict',
            actions: { type: 'keepTheirs', params: ({ event }) => ({ stored: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
              target: 'missing',
            },
            // Their version could not be read: the form says the save failed.
            { target: 'editing' },
          ],
        },
      },
      conflict: {
        description:
          'Someone else saved a newer version: keep theirs (the form shows it) or keep the changes (saving then replaces theirs).',
        tags: ['status:conflict'],
        on: {
          'user.change': {
            actions: [
              { type: 'changeForm', params: ({ event }) => ({ form: event.form }) },
              {
                type: 'keepDraft',
                params: ({ context, event }) => ({
                  draft: { form: event.form, tag: context.tag, base: context.base },
                }),
              },
            ],
          },
          'user.keepMine': {
            target: 'editing',
            actions: [
              'keepMine',
              {
                type: 'keepDraft',
                params: ({ context }) => ({
                  draft: { form: context.form, tag: context.tag, base: context.base },
                }),
              },
            ],
          },
          'user.takeTheirs': { target: 'editing', actions: ['takeTheirs', 'forgetDraft'] },
        },
      },
      missing: {
        description:
          'There is no such record (any more: someone deleted it); what the form holds stays on screen to copy, nothing can be saved.',
        tags: ['status:missing'],
      },
      saved: {
        description: 'Saved: the form closes.',
        tags: ['status:saved'],
        type: 'final',
      },
    },
  });
}

export type RecordEditMachine<F, B> = ReturnType<typeof createRecordEditMachine<F, B>>;
