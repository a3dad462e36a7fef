import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOf, fieldOf, unwrap } from '../../api';
import { focusFirstProblem } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { Modal, modalActions } from '../../ui/modal/Modal';
import type { Topic } from './admin-api';
import * as styles from './admin.css';
import { useDiscardGuard } from './use-discard-guard';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { parseQuestionIds } from './validation';

/** Add or edit a topic: a name and its question IDs as a JSON array such as [1,2,3]. */
export function TopicFormModal({
  topic,
  onClose,
  onSaved,
}: {
  topic: Topic | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const [name, setName] = useState('');
  const [ids, setIds] = useState('');
  const [problems, setProblems] = useState<{ name?: string; question_ids?: string }>({});
  const isNew = topic === 'new';
  const { requestClose, dialog: discardDialog } = useDiscardGuard(
    topic !== null,
    name !== (topic && topic !== 'new' ? topic.name : '') ||
      ids !== (topic && topic !== 'new' ? topic.question_ids : ''),
    onClose,
  );

  useEffect(() => {
    setName(topic && topic !== 'new' ? topic.name : '');
    setIds(topic && topic !== 'new' ? topic.question_ids : '');
    setProblems({});
  }, [topic]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const parsed = parseQuestionIds(ids);
    const found = {
      name: name.trim() ? undefined : t('validation.required'),
      question_ids: parsed.ok ? undefined : t(`validation.questionIds.${parsed.problem}`),
    };
    setProblems(found);
    if (focusFirstProblem(formElement, ['name', 'question_ids'], found) || !parsed.ok) return;
    const body = { name: name.trim(), question_ids: parsed.ids };
    const result = await run(
      'save',
      () =>
        topic === 'new' || topic === null
          ? unwrap(api.POST('/training-topics', { body }))
          : unwrap(api.PUT('/training-topics/{id}', { params: { path: { id: topic.id } }, body })),
      {
        success: () => (isNew ? t('success.topicCreated') : t('success.topicUpdated')),
        // Questions that do not exist are the field's problem: said there, not in a toast.
        error: (error) =>
          fieldOf(error) === 'question_ids' ? null : failure('errors.saveTopic', error),
      },
    );
    if (result.ok) onSaved();
    else if (fieldOf(result.error) === 'question_ids') {
      setProblems({ question_ids: detailOf(result.error) ?? undefined });
      focusFirstProblem(formElement, ['question_ids'], { question_ids: true });
    }
  };

  const title = isNew ? t('topics.addTitle') : t('topics.editTitle');
  return (
    <Modal open={topic !== null} onOpenChange={(open) => !open && requestClose()} title={title}>
      <form onSubmit={save} noValidate className={styles.formStack} aria-label={title}>
        <TextField
          name="name"
          label={t('topics.name')}
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={problems.name}
        />
        <TextAreaField
          name="question_ids"
          label={t('topics.questionIds')}
          required
          rows={4}
          placeholder="[1,2,3]"
          hint={t('topics.questionIdsHint')}
          className={styles.monoField}
          value={ids}
          onChange={(event) => setIds(event.target.value)}
          error={problems.question_ids}
        />
        <div className={modalActions}>
          <Button variant="secondary" onClick={requestClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy === 'save'}>
            {isNew ? t('actions.create') : t('actions.save')}
          </Button>
        </div>
      </form>
      {discardDialog}
    </Modal>
  );
}
