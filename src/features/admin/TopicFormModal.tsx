import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { unwrap } from '../../api';
import { focusFirstProblem } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { modalActions } from '../../ui/modal/Modal';
import { courseQuery, ifMatch, readVersioned, type Topic } from './admin-api';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import { RecordEditModal } from './RecordEditModal';
import { type FormEvents, refusalAtFields, useRecordEdit } from './use-record-edit';
import { isTooLong, parseQuestionIds, questionIdsText, TEXT_LIMITS } from './validation';

interface TopicForm {
  name: string;
  question_ids: string;
}

interface TopicBody {
  name: string;
  question_ids: number[];
}

type Field = keyof TopicForm;

const EMPTY: TopicForm = { name: '', question_ids: '' };

/** Each field's label (its translation key). */
const LABELS: Record<keyof TopicForm, string> = {
  name: 'topics.name',
  question_ids: 'topics.questionIds',
};

/**
 * Add or edit a topic: a name and its question IDs, typed as '1, 2, 3' or a JSON array. A stored
 * topic is read first, so the form starts from its version now.
 */
export function TopicFormModal({
  target,
  ...events
}: FormEvents<Topic> & {
  target: EditTarget | null;
  /** The course a new topic goes into; null for the only one there is. */
  courseId: number | null;
}) {
  if (target === null) return null;
  return <TopicEditor key={target} target={target} {...events} />;
}

function TopicEditor({
  target,
  courseId,
  ...events
}: FormEvents<Topic> & {
  target: EditTarget;
  courseId: number | null;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const isNew = target === 'new';
  const edit = useRecordEdit<TopicForm, TopicBody, Topic>({
    draftName: `topic.${target}`,
    id: isNew ? null : target,
    blank: EMPTY,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/training-topics/{id}', { params: { path: { id } }, signal }),
      );
      return { form: { name: data.name, question_ids: questionIdsText(data.question_ids) }, tag };
    },
    send: ({ id, body, tag }) =>
      id === null
        ? unwrap(api.POST('/training-topics', { params: { query: courseQuery(courseId) }, body }))
        : unwrap(
            api.PUT('/training-topics/{id}', {
              params: { path: { id }, header: ifMatch(tag) },
              body,
            }),
          ),
    savedMessage: () => (isNew ? t('success.topicCreated') : t('success.topicUpdated')),
    failureKey: 'errors.saveTopic',
    fieldLabel: (field) => (field in LABELS ? t(LABELS[field as Field]) : field),
    // A taken name or questions that do not exist are that field's problem: said there.
    showAtField: refusalAtFields(
      ['name', 'question_ids'],
      (field, detail) => setProblems({ [field]: detail }),
      (): HTMLFormElement | null => edit.formRef.current,
    ),
    ...events,
  });
  const { form, state, send } = edit;
  // A topic whose questions were all deleted (the bank emptied, say) can still be renamed: its
  // IDs may stay empty. A new topic, or one with questions, needs at least one.
  const hasNoQuestions = !isNew && !edit.loading && state.context.base.question_ids === '';

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const parsed =
      hasNoQuestions && form.question_ids.trim() === ''
        ? { ok: true as const, ids: [] }
        : parseQuestionIds(form.question_ids);
    const name = form.name.trim();
    const found = {
      name: !name
        ? t('validation.required')
        : isTooLong(name, TEXT_LIMITS.topicName)
          ? t('validation.tooLong', { count: TEXT_LIMITS.topicName })
          : undefined,
      question_ids: parsed.ok ? undefined : t(`validation.questionIds.${parsed.problem}`),
    };
    setProblems(found);
    if (focusFirstProblem(formElement, ['name', 'question_ids'], found) || !parsed.ok) return;
    // Sent as a list: the server stores it as the JSON array text, whatever was typed.
    send({ type: 'user.save', body: { name, question_ids: parsed.ids } });
  };

  const title = isNew ? t('topics.addTitle') : t('topics.editTitle');
  return (
    <RecordEditModal
      edit={edit}
      kind="topic"
      title={title}
      fieldLabel={(field) => t(LABELS[field as keyof TopicForm])}
      onSubmit={save}
    >
      <TextField
        name="name"
        label={t(LABELS.name)}
        required
        maxLength={TEXT_LIMITS.topicName}
        value={form.name}
        onChange={(event) => edit.change((current) => ({ ...current, name: event.target.value }))}
        error={problems.name}
      />
      <TextAreaField
        name="question_ids"
        label={t(LABELS.question_ids)}
        required={!hasNoQuestions}
        rows={4}
        placeholder="1, 2, 3"
        hint={
          hasNoQuestions
            ? joinSentences(i18n.language, [
                t('topics.noQuestionsLeftHint'),
                t('topics.questionIdsHint'),
              ])
            : t('topics.questionIdsHint')
        }
        className={styles.monoField}
        value={form.question_ids}
        onChange={(event) =>
          edit.change((current) => ({ ...current, question_ids: event.target.value }))
        }
        error={problems.question_ids}
      />
      <div className={modalActions}>
        <Button variant="secondary" onClick={edit.requestClose}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={state.hasTag('status:saving')} disabled={edit.blocked}>
          {isNew ? t('actions.create') : t('actions.save')}
        </Button>
      </div>
    </RecordEditModal>
  );
}
