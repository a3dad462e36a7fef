import type { TFunction } from 'i18next';
import { useState, type FormEvent } from 'react';
import { CONTENT_LANGUAGES, type ContentLanguage } from '../../../domain/question-languages';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { unwrap } from '../../api';
import { focusFirstProblem } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { modalActions } from '../../ui/modal/Modal';
import { LANGUAGE_TAGS } from '../../i18n/config';
import { courseQuery, ifMatch, readVersioned, type Topic } from './admin-api';
import { useCourseLanguage } from './course-language';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import { RecordEditModal } from './RecordEditModal';
import { type FormEvents, refusalAtFields, useRecordEdit } from './use-record-edit';
import { isTooLong, parseQuestionIds, questionIdsText, TEXT_LIMITS } from './validation';

/** The field of the topic's name in another language, named as the server names it in a refusal. */
type TranslationField = `translations.${ContentLanguage}`;

const translationField = (language: ContentLanguage): TranslationField =>
  `translations.${language}`;

type TopicForm = { name: string; question_ids: string } & Record<TranslationField, string>;

interface TopicBody {
  name: string;
  question_ids: number[];
  translations: Partial<Record<ContentLanguage, string>>;
}

type Field = keyof TopicForm;

const EMPTY: TopicForm = {
  name: '',
  question_ids: '',
  ...(Object.fromEntries(
    CONTENT_LANGUAGES.map((language) => [translationField(language), '']),
  ) as Record<TranslationField, string>),
};

/** Each field's label (its translation key, and the language a translated name is in). */
function labelOf(field: string, t: TFunction): string {
  if (field === 'name') return t('topics.name');
  if (field === 'question_ids') return t('topics.questionIds');
  const language = CONTENT_LANGUAGES.find((candidate) => translationField(candidate) === field);
  return language
    ? t('topics.nameInLanguage', { language: t(`parts:languageNames.${language}`) })
    : field;
}

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
  const { t, i18n } = useTranslation(['admin', 'parts']);
  // The course's exam language: the topic's name is in it, the other fields in the others.
  const courseLanguage = useCourseLanguage(courseId);
  const otherLanguages = CONTENT_LANGUAGES.filter((language) => language !== courseLanguage);
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
      const names = Object.fromEntries(
        CONTENT_LANGUAGES.map((language) => [
          translationField(language),
          data.translations?.[language] ?? '',
        ]),
      ) as Record<TranslationField, string>;
      return {
        form: { name: data.name, question_ids: questionIdsText(data.question_ids), ...names },
        tag,
      };
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
    fieldLabel: (field) => labelOf(field, t),
    // A taken name, questions that do not exist or a name in the course's own language are
    // that field's problem: said there.
    showAtField: refusalAtFields(
      ['name', 'question_ids', ...CONTENT_LANGUAGES.map(translationField)],
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
    const tooLong = (text: string) =>
      isTooLong(text, TEXT_LIMITS.topicName)
        ? t('validation.tooLong', { count: TEXT_LIMITS.topicName })
        : undefined;
    // Each other language's name as typed; a blank one is none, so it is not sent (what is sent
    // replaces the topic's names in other languages).
    const translations = Object.fromEntries(
      otherLanguages.flatMap((language) => {
        const typed = (form[translationField(language)] ?? '').trim();
        return typed === '' ? [] : [[language, typed]];
      }),
    );
    const found: Partial<Record<Field, string>> = {
      name: !name ? t('validation.required') : tooLong(name),
      question_ids: parsed.ok ? undefined : t(`validation.questionIds.${parsed.problem}`),
      ...Object.fromEntries(
        otherLanguages.map((language) => [
          translationField(language),
          tooLong(translations[language] ?? ''),
        ]),
      ),
    };
    setProblems(found);
    const order: Field[] = ['name', ...otherLanguages.map(translationField), 'question_ids'];
    if (focusFirstProblem(formElement, order, found) || !parsed.ok) return;
    // Sent as a list: the server stores it as the JSON array text, whatever was typed.
    send({ type: 'user.save', body: { name, question_ids: parsed.ids, translations } });
  };

  const title = isNew ? t('topics.addTitle') : t('topics.editTitle');
  return (
    <RecordEditModal
      edit={edit}
      kind="topic"
      title={title}
      fieldLabel={(field) => labelOf(field, t)}
      onSubmit={save}
    >
      <TextField
        name="name"
        label={labelOf('name', t)}
        hint={t('topics.nameHint', { language: t(`parts:languageNames.${courseLanguage}`) })}
        lang={LANGUAGE_TAGS[courseLanguage]}
        required
        maxLength={TEXT_LIMITS.topicName}
        value={form.name}
        onChange={(event) => edit.change((current) => ({ ...current, name: event.target.value }))}
        error={problems.name}
      />
      <fieldset className={`${styles.fieldset} ${styles.fieldStack}`}>
        <legend className={styles.legend}>{t('topics.otherNames')}</legend>
        <p className={styles.fieldsetHint}>{t('topics.otherNamesHint')}</p>
        {otherLanguages.map((language) => {
          const field = translationField(language);
          return (
            <TextField
              key={language}
              name={field}
              label={labelOf(field, t)}
              lang={LANGUAGE_TAGS[language]}
              maxLength={TEXT_LIMITS.topicName}
              value={form[field] ?? ''}
              onChange={(event) =>
                edit.change((current) => ({ ...current, [field]: event.target.value }))
              }
              error={problems[field]}
            />
          );
        })}
      </fieldset>
      <TextAreaField
        name="question_ids"
        label={labelOf('question_ids', t)}
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
