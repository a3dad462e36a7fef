import { useBlocker, type ShouldBlockFn } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { createRecordEditMachine, hasChanges } from '../../../machines/record-edit.machine';
import type {
  RecordDraft,
  RecordVersion,
  SaveOutcome,
  SaveRequest,
} from '../../../machines/record-edit.types';
import { useTranslation } from '../../i18n/react';
import { ApiError, detailOf, fieldOf } from '../../api';
import { useAuth } from '../../lib/auth';
import { formDraftStore } from '../../lib/form-drafts';
import { inspectOptions } from '../../lib/inspector';
import { isShownByForm, refusedSaveOutcome } from './admin-api';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { useDiscardGuard } from './use-discard-guard';
import { useFirstFieldOnceShown } from './use-first-field';
import { closesForm } from './use-form-history';

/** What the list behind an admin form is told. */
export interface FormEvents<R> {
  /** Closes the form (after asking, when it holds changes). */
  onClose: () => void;
  /** Told the record as saved, once the form has closed. */
  onSaved: (saved: R) => void;
  /** Told that someone else deleted the record (a read or a save found it gone): the list drops it. */
  onGone: () => void;
}

export interface RecordEditOptions<F, B, R> extends FormEvents<R> {
  /** Names the record among the administrator's kept drafts: `question.12`, `topic.new`. */
  draftName: string;
  id: number | null;
  blank: F;
  /** What of the form may be kept for a reload (a password must not be). */
  keep?: (form: F) => F;
  /** Reads the stored record as the form shows it, with its ETag. */
  load: (id: number, signal: AbortSignal) => Promise<RecordVersion<F>>;
  /** Sends a save: a new record without an id, else the stored one with `ifMatch(tag)`. */
  send: (request: SaveRequest<B>) => Promise<R>;
  /** The notification of a save that went through. */
  savedMessage: () => string;
  /** The notification of a refused save (spec section 8), followed by the server's reason. */
  failureKey: string;
  /** Shows a refusal at its field (a name taken); true when that says it all. */
  showAtField?: (error: unknown) => boolean;
  /** A field's label, put in place of the contract's name a refusal quotes ("question_text"). */
  fieldLabel?: (field: string) => string;
  /** The record as the server saved it, before the form closes. */
  afterSave?: (saved: R) => void;
}

/**
 * An admin form over the record-edit machine: the stored version read first, unsaved changes
 * kept per tab for a reload, and the choice when someone else saved first.
 */
export function useRecordEdit<F, B, R>(options: RecordEditOptions<F, B, R>) {
  const { user } = useAuth();
  const { t } = useTranslation('admin');
  const { run } = useAdminTask();
  const failure = useFailureMessage();
  /** The refusal as the administrator reads it: the field's label, never its JSON name. */
  const readable = (error: unknown): unknown => {
    const field = fieldOf(error);
    const label = live.current.fieldLabel;
    if (!(error instanceof ApiError) || !error.detail || !field || !label) return error;
    const named = t('errors.fieldName', { label: label(field) });
    return new ApiError(error.status, error.detail.replaceAll(`"${field}"`, named), error.fields, {
      cause: error,
    });
  };
  // Read when a save runs, so its notifications use the language of that moment.
  const live = useRef({ ...options, run, failure, readable });
  // The record the last save answered, for onSaved once the machine says it is saved.
  const savedRecord = useRef<R | null>(null);
  live.current = { ...options, run, failure, readable };
  const [{ machine, drafts }] = useState(() => {
    const store = formDraftStore<RecordDraft<F>>(`admin.${user?.id ?? 0}.${options.draftName}`);
    return {
      drafts: store,
      machine: createRecordEditMachine<F, B>().provide({
        actors: {
          loadRecord: fromPromise<RecordVersion<F>, { id: number }>(({ input, signal }) =>
            live.current.load(input.id, signal),
          ),
          saveRecord: fromPromise<SaveOutcome, SaveRequest<B>>(async ({ input }) => {
            const form = live.current;
            const reject = (error: unknown): never => {
              throw form.readable(error);
            };
            const result = await form.run('save', () => form.send(input).catch(reject), {
              success: form.savedMessage,
              // Saved by someone else first, deleted, or a field's own problem: the form says so.
              error: (error) =>
                isShownByForm(error) || form.showAtField?.(error)
                  ? null
                  : form.failure(form.failureKey, error),
            });
            if (!result.ok) return refusedSaveOutcome(result.error);
            form.afterSave?.(result.value);
            savedRecord.current = result.value;
            return 'saved';
          }),
        },
        actions: {
          keepDraft: (_, { draft }) =>
            store.save({ ...draft, form: live.current.keep?.(draft.form) ?? draft.form }),
          forgetDraft: () => store.clear(),
        },
      }),
    };
  });
  const [state, send, actor] = useMachine(machine, {
    input: { id: options.id, blank: options.blank, draft: drafts.load() },
    ...inspectOptions(),
  });
  const saved = state.hasTag('status:saved');
  useEffect(() => {
    if (saved) live.current.onSaved(savedRecord.current as R);
  }, [saved]);
  const gone = state.hasTag('status:missing');
  useEffect(() => {
    if (gone) live.current.onGone();
  }, [gone]);
  const loading = state.hasTag('status:loading') || state.hasTag('status:loadFailed');
  const changed = hasChanges(state.context);
  const formRef = useFirstFieldOnceShown(!loading);
  const {
    requestClose,
    askToDiscard,
    dialog: discardDialog,
  } = useDiscardGuard(true, changed, () => {
    // Given up for good: the changes are not brought back next time.
    drafts.clear();
    live.current.onClose();
  });
  const ask = useRef(askToDiscard);
  ask.current = askToDiscard;
  // Back (or Forward) to the list closes the form as Cancel does, asking first; staying keeps
  // the form and its address. A save on its way keeps both too: it closes the form itself when it
  // lands. Leaving the panel for another page keeps the changes for the return, as it always has.
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    async (move) => {
      if (!closesForm(move)) return false;
      if (actor.getSnapshot().hasTag('status:saving')) return true;
      const discard = await ask.current();
      if (discard) drafts.clear();
      return !discard;
    },
    [actor, drafts],
  );
  // A reload keeps the changes: nothing to ask then.
  useBlocker({ shouldBlockFn, enableBeforeUnload: false });
  return {
    state,
    send,
    form: state.context.form,
    /** Changes the form from its latest values (an upload may finish after other edits). */
    change: (update: (form: F) => F) =>
      actor.send({ type: 'user.change', form: update(actor.getSnapshot().context.form) }),
    changed,
    /** The stored record is being read (or could not be): no form to show yet. */
    loading,
    conflict: state.hasTag('status:conflict'),
    /** Saving waits for a choice (someone else saved first) or cannot be (the record is gone). */
    blocked: state.hasTag('status:conflict') || state.hasTag('status:missing'),
    formRef,
    /** Closes, asking first when there are changes; not while a save is on its way (it would land anyway). */
    requestClose: () => {
      if (!actor.getSnapshot().hasTag('status:saving')) requestClose();
    },
    discardDialog,
  };
}

export type RecordEdit<F, B> = ReturnType<typeof useRecordEdit<F, B, unknown>>;

/**
 * A `showAtField` for refusals that name one of `fields` (a taken name, a value the server
 * cannot take): the server's reason goes under that field, which takes the focus.
 */
export function refusalAtFields<K extends string>(
  fields: readonly K[],
  show: (field: K, detail: string | undefined) => void,
  form: () => HTMLFormElement | null,
): (error: unknown) => boolean {
  return (error) => {
    const field = fields.find((candidate) => candidate === fieldOf(error));
    if (field === undefined) return false;
    show(field, detailOf(error) ?? undefined);
    form()?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
    return true;
  };
}
