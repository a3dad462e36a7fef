import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { Notice } from '../../ui/card/Card';
import { Button } from '../../ui/button/Button';
import { Modal } from '../../ui/modal/Modal';
import * as styles from './admin.css';
import { changedFields } from '../../../machines/record-edit.machine';
import type { RecordEditContext } from '../../../machines/record-edit.types';
import type { RecordEdit } from './use-record-edit';

/** What a form edits, for its wording. */
type RecordKind = 'question' | 'topic' | 'user' | 'setting' | 'course';

/** A field's label, for saying which fields changed; `answers.1` names an item of a list. */
export type FieldLabel = (field: string) => string;

/**
 * The dialog of a record's form: "Loading..." until the stored record is read, then the form
 * with what it has to say about versions above the fields. A record that does not exist (any
 * more) says so; what was typed for it stays on screen to copy.
 */
export function RecordEditModal<F, B>({
  edit,
  kind,
  title,
  wide,
  fieldLabel,
  onSubmit,
  children,
}: {
  edit: RecordEdit<F, B>;
  kind: RecordKind;
  title: string;
  wide?: boolean;
  fieldLabel: FieldLabel;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields and the buttons. */
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('admin');
  const { state, send } = edit;
  const missing = state.hasTag('status:missing');
  return (
    <Modal open onOpenChange={(open) => !open && edit.requestClose()} title={title} wide={wide}>
      {missing && (
        <Notice
          tone="error"
          text={
            edit.changed
              ? joinSentences(i18n.language, [t(`edit.missing.${kind}`), t('edit.missingKept')])
              : t(`edit.missing.${kind}`)
          }
          testId="edit-missing"
        >
          <Button size="sm" variant="secondary" onClick={edit.requestClose}>
            {t('edit.close')}
          </Button>
        </Notice>
      )}
      {missing && !edit.changed ? null : edit.loading ? (
        <RecordLoading
          failed={state.hasTag('status:loadFailed')}
          onRetry={() => send({ type: 'user.retry' })}
        />
      ) : (
        <form
          ref={edit.formRef}
          onSubmit={onSubmit}
          noValidate
          className={styles.formStack}
          aria-label={title}
        >
          <RecordEditNotices
            kind={kind}
            conflict={edit.conflict ? conflictingFields(state.context, fieldLabel) : null}
            restored={state.context.restored && edit.changed}
            onKeepMine={() => send({ type: 'user.keepMine' })}
            onTakeTheirs={() => send({ type: 'user.takeTheirs' })}
            onRevert={() => send({ type: 'user.revert' })}
          />
          {children}
        </form>
      )}
      {edit.discardDialog}
    </Modal>
  );
}

/** The fields their version changed, and those of them changed here too, as labels. */
interface ConflictingFields {
  theirs: string[];
  both: string[];
}

function conflictingFields<F>(
  context: RecordEditContext<F>,
  fieldLabel: FieldLabel,
): ConflictingFields {
  const { base, form, theirs } = context;
  const theirChanges = theirs ? changedFields(base, theirs.form) : [];
  const mine = new Set(changedFields(base, form));
  return {
    theirs: theirChanges.map(fieldLabel),
    both: theirChanges.filter((field) => mine.has(field)).map(fieldLabel),
  };
}

/**
 * What the form says about the record's versions: someone else saved a newer one (which fields
 * they changed, which of them were changed here too; use theirs, or keep these changes), or the
 * changes shown were kept from before (discard them).
 */
function RecordEditNotices({
  kind,
  conflict,
  restored,
  onKeepMine,
  onTakeTheirs,
  onRevert,
}: {
  kind: RecordKind;
  conflict: ConflictingFields | null;
  restored: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onRevert: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  // The save that was refused leaves the choice where the focus is (Save waits for it).
  const choice = useRef<HTMLButtonElement>(null);
  const inConflict = conflict !== null;
  useEffect(() => {
    if (inConflict) choice.current?.focus();
  }, [inConflict]);
  if (conflict) {
    const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
    const details = [
      conflict.theirs.length > 0 && t('edit.theyChanged', { fields: list.format(conflict.theirs) }),
      conflict.both.length > 0 && t('edit.bothChanged', { fields: list.format(conflict.both) }),
    ].filter(Boolean);
    // Which fields changed, on a line of its own below what happened.
    const text =
      details.length > 0 ? (
        <>
          {t(`edit.conflict.${kind}`)}
          <br />
          {joinSentences(i18n.language, details)}
        </>
      ) : (
        t(`edit.conflict.${kind}`)
      );
    return (
      <Notice tone="warning" text={text} testId="edit-conflict">
        <Button ref={choice} size="sm" variant="outline" onClick={onTakeTheirs}>
          {t('edit.takeTheirs')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onKeepMine}>
          {t('edit.keepMine')}
        </Button>
      </Notice>
    );
  }
  if (!restored) return null;
  return (
    <Notice tone="info" text={t('edit.restored')} testId="edit-restored">
      <Button size="sm" variant="ghost" onClick={onRevert}>
        {t('edit.revert')}
      </Button>
    </Notice>
  );
}

/** The stored record is being read, or could not be. */
function RecordLoading({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  if (!failed) return <p className={styles.muted}>{t('common.loading')}</p>;
  return (
    <Notice tone="error" text={t('edit.loadFailed')}>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('edit.retry')}
      </Button>
    </Notice>
  );
}
