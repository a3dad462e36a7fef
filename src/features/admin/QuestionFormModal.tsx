import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from 'i18next';
import { unwrap } from '../../api';
import { focusFirstProblem } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { FileField } from '../../ui/form/FileField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import * as formStyles from '../../ui/form/form.css';
import { cx } from '../../lib/cx';
import { modalActions } from '../../ui/modal/Modal';
import {
  courseQuery,
  ifMatch,
  readVersioned,
  type Question,
  type QuestionInput,
} from './admin-api';
import { photoUrl } from '../../ui/question/photo';
import { RecordEditModal } from './RecordEditModal';
import { PHOTO_ACCEPT, usePhotoUpload } from './use-photo-upload';
import { type FormEvents, refusalAtFields, useRecordEdit } from './use-record-edit';
import * as styles from './admin.css';
import { ANSWER_FIELDS, ANSWER_LETTERS } from '../../../domain/answers';
import {
  pointsOfText,
  QUESTION_LIMITS,
  type QuestionProblem,
  readQuestion,
} from '../../../domain/question-fields';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  isBlankTranslation,
  readTranslation,
  type TranslationDraft,
  type TranslationProblem,
  TRANSLATED_FIELDS,
} from '../../../domain/question-languages';
import { LANGUAGE_NAMES } from '../../i18n/config';
import { useCourseLanguage } from './course-language';
import { Tabs } from '../../ui/tabs/Tabs';

/** A translation as the form holds it (issue 42): every text, blank for none. */
interface TranslationForm {
  question_text: string;
  answers: [string, string, string, string, string];
  explanation: string;
  photo_alt: string;
}

interface QuestionForm {
  question_text: string;
  answers: [string, string, string, string, string];
  right_answers: string;
  points: string;
  explanation: string;
  photo: string | null;
  photo_alt: string;
  /**
   * The question's translations, by language; a language with every field blank has none.
   * (Absent from a draft kept before translations.)
   */
  translations?: Partial<Record<ContentLanguage, TranslationForm>>;
}

const EMPTY: QuestionForm = {
  question_text: '',
  answers: ['', '', '', '', ''],
  right_answers: '',
  points: '1',
  explanation: '',
  photo: null,
  photo_alt: '',
  translations: {},
};

const EMPTY_TRANSLATION: TranslationForm = {
  question_text: '',
  answers: ['', '', '', '', ''],
  explanation: '',
  photo_alt: '',
};

/** Whether the question has an answer at `index`: a translation fills exactly those. */
const questionHasAnswer = (form: QuestionForm, index: number) =>
  (form.answers[index] ?? '').trim() !== '';

/**
 * A translation with only the answers its question has: one whose question's answer was cleared
 * is neither shown nor sent (it stays in the form, should the answer come back before saving).
 */
const withQuestionAnswersOnly = (
  translation: TranslationForm,
  form: QuestionForm,
): TranslationForm => ({
  ...translation,
  answers: translation.answers.map((answer, index) =>
    questionHasAnswer(form, index) ? answer : '',
  ) as TranslationForm['answers'],
});

const draftOf = (translation: TranslationForm): TranslationDraft => ({
  question_text: translation.question_text,
  answer_1: translation.answers[0],
  answer_2: translation.answers[1],
  answer_3: translation.answers[2],
  answer_4: translation.answers[3],
  answer_5: translation.answers[4],
  explanation: translation.explanation,
  photo_alt: translation.photo_alt,
});

/** Each field's label (its translation key); each answer has its own (`questionFieldLabel`). */
const LABELS: Record<Exclude<keyof QuestionForm, 'answers'>, string> = {
  question_text: 'questions.text',
  right_answers: 'questions.correct',
  points: 'questions.points',
  explanation: 'questions.explanation',
  photo: 'questions.photo',
  photo_alt: 'questions.photoDescription',
  translations: 'questions.translations',
};

/** An answer's label: "Answer B (2)". */
const answerLabel = (index: number, t: TFunction<'admin'>) =>
  t('questions.answer', { letter: ANSWER_LETTERS[index], number: index + 1 });

/** A field's label: `answers.1` (the form's) and `answer_2` (the server's) name answer B. */
function questionFieldLabel(field: string, t: TFunction<'admin'>): string {
  const [name = '', item] = field.split('.');
  if (name === 'answers') return answerLabel(Number(item), t);
  const answer = /^answer_([1-5])$/.exec(field);
  if (answer) return answerLabel(Number(answer[1]) - 1, t);
  return name in LABELS ? t(LABELS[name as keyof typeof LABELS]) : field;
}

const formOf = (question: Question): QuestionForm => ({
  question_text: question.question_text,
  answers: [
    question.answer_1,
    question.answer_2,
    question.answer_3 ?? '',
    question.answer_4 ?? '',
    question.answer_5 ?? '',
  ],
  right_answers: question.right_answers,
  points: String(question.points),
  explanation: question.explanation ?? '',
  photo: question.photo,
  photo_alt: question.photo_alt ?? '',
  translations: Object.fromEntries(
    CONTENT_LANGUAGES.flatMap((language) => {
      const translation = question.translations?.[language];
      if (!translation) return [];
      const form: TranslationForm = {
        question_text: translation.question_text,
        answers: [
          translation.answer_1,
          translation.answer_2,
          translation.answer_3 ?? '',
          translation.answer_4 ?? '',
          translation.answer_5 ?? '',
        ],
        explanation: translation.explanation ?? '',
        photo_alt: translation.photo_alt ?? '',
      };
      return [[language, form]];
    }),
  ),
});

/** The fields in the order they show, for focusing the first one with a problem. */
const FIELD_ORDER = [
  'question_text',
  'answer_1',
  'answer_2',
  'answer_3',
  'answer_4',
  'answer_5',
  'right_answers',
  'points',
  'explanation',
  'photo',
  'photo_alt',
] as const;
type Field = (typeof FIELD_ORDER)[number];
const answerField = (index: number) => `answer_${index + 1}` as Field;

/** A problem the question rules found (domain/question-fields.ts): its field and its words. */
function problemAtField(problem: QuestionProblem, t: TFunction<'admin'>): [Field, string] {
  switch (problem.code) {
    case 'fieldEmpty':
    case 'answerNeeded':
      return [problem.field, t('validation.required')];
    case 'fieldTooLong':
      return [problem.field, t('validation.tooLong', { count: problem.max })];
    case 'answersInOrder':
      // Said at the empty answer, which is the one to fill in.
      return [
        problem.previous,
        t('validation.answersInOrder', {
          letter: ANSWER_LETTERS[ANSWER_FIELDS.indexOf(problem.previous)],
        }),
      ];
    case 'rightAnswersEmpty':
      return ['right_answers', t('validation.rightAnswers.required')];
    case 'rightAnswersFormat':
      return ['right_answers', t('validation.rightAnswers.format')];
    case 'rightAnswerEmpty':
      return [
        'right_answers',
        t('validation.rightAnswers.emptyAnswer', {
          letter: ANSWER_LETTERS[problem.number - 1],
          number: problem.number,
        }),
      ];
    case 'pointsRange':
      return ['points', t('validation.points')];
    case 'photoName':
      return ['photo', t('questions.photoNameUnsafe', { name: problem.photo })];
  }
}

/** A translation's field as the form names it: `translations.ru.answer_2`. */
const translationField = (language: ContentLanguage, field: string) =>
  `translations.${language}.${field}`;

/** A problem a translation has (domain/question-languages.ts): its field and its words. */
function translationProblemAtField(
  problem: TranslationProblem,
  t: TFunction<'admin'>,
): [string, string] {
  switch (problem.code) {
    case 'translationInCourseLanguage':
      return [translationField(problem.language, 'question_text'), t('validation.required')];
    case 'fieldEmpty':
      return [translationField(problem.language, problem.field), t('validation.required')];
    case 'fieldTooLong':
      return [
        translationField(problem.language, problem.field),
        t('validation.tooLong', { count: problem.max }),
      ];
    case 'translationAnswers': {
      // Said at the first answer that is missing (or should not be there).
      const first =
        problem.expected.find((number) => !problem.found.includes(number)) ??
        problem.found.find((number) => !problem.expected.includes(number)) ??
        1;
      return [
        translationField(problem.language, `answer_${first}`),
        problem.expected.includes(first)
          ? t('validation.translationAnswerNeeded')
          : t('validation.translationAnswerExtra'),
      ];
    }
  }
}

/** The first problem of each field, worded. */
function problemsAtFields(
  problems: readonly QuestionProblem[],
  t: TFunction<'admin'>,
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const problem of problems) {
    const [field, words] = problemAtField(problem, t);
    found[field] ??= words;
  }
  return found;
}

/** What the question form opens on: a stored question by id, or a new one. */
export type QuestionTarget = number | 'new';

/**
 * Add or edit a question: text, answers A–E (A and B required), correct answers, points,
 * explanation, photo. A stored question is read first, so the form starts from its version now.
 */
export function QuestionFormModal({
  target,
  ...events
}: FormEvents<Question> & {
  target: QuestionTarget | null;
  /** The course a new question goes into; null for the only one there is. */
  courseId: number | null;
}) {
  if (target === null) return null;
  return <QuestionEditor key={target} target={target} {...events} />;
}

function QuestionEditor({
  target,
  courseId,
  ...events
}: FormEvents<Question> & {
  target: QuestionTarget;
  courseId: number | null;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const isNew = target === 'new';
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  // The language the question is written in (its course's), known once it loads.
  const [storedLanguage, setStoredLanguage] = useState<ContentLanguage | null>(null);
  const chosenCourseLanguage = useCourseLanguage(courseId);
  const courseLanguage: ContentLanguage = storedLanguage ?? chosenCourseLanguage;
  const [tab, setTab] = useState<ContentLanguage | null>(null);
  const shownTab = tab ?? courseLanguage;
  const edit = useRecordEdit<QuestionForm, QuestionInput, Question>({
    draftName: `question.${target}`,
    id: isNew ? null : target,
    blank: EMPTY,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/admin/questions/{id}', { params: { path: { id } }, signal }),
      );
      if (data.language) setStoredLanguage(data.language);
      return { form: formOf(data), tag };
    },
    send: ({ id, body, tag }) =>
      id === null
        ? unwrap(api.POST('/admin/questions', { params: { query: courseQuery(courseId) }, body }))
        : unwrap(
            api.PUT('/admin/questions/{id}', {
              params: { path: { id }, header: ifMatch(tag) },
              body,
            }),
          ),
    savedMessage: () => (isNew ? t('success.questionCreated') : t('success.questionUpdated')),
    failureKey: 'errors.saveQuestion',
    fieldLabel: (field) => questionFieldLabel(field, t),
    // A field the server still refuses (a limit it counts differently) is said at that field.
    showAtField: refusalAtFields(
      FIELD_ORDER,
      (field, detail) => setProblems({ [field]: detail }),
      (): HTMLFormElement | null => edit.formRef.current,
    ),
    ...events,
  });
  const { form, state, send } = edit;
  const setForm = edit.change;
  const photoUpload = usePhotoUpload();
  const { uploading } = photoUpload;
  // A new key empties the file input (a refused file must not stay chosen).
  const [photoPicks, setPhotoPicks] = useState(0);
  // The photo just uploaded at its versioned address: the bare one may still show, from the
  // browser's memory, the picture a replacement put away.
  const [uploadedPhoto, setUploadedPhoto] = useState<{ name: string; url: string } | null>(null);
  // The description a new photo cleared, said beside the empty field rather than lost unseen.
  const [clearedAlt, setClearedAlt] = useState<string | null>(null);

  const setAnswer = (index: number, value: string) =>
    setForm((current) => {
      const answers = [...current.answers] as QuestionForm['answers'];
      answers[index] = value;
      return { ...current, answers };
    });

  const setPhotoProblem = (photo: string | undefined) =>
    setProblems((current) => ({ ...current, photo }));

  /** A refused file leaves the picker empty again, and the question its photo as it was. */
  const refusePhoto = (problem: string) => {
    setPhotoProblem(problem);
    setPhotoPicks((picks) => picks + 1);
  };

  // A photo's description describes that photo: it goes with it, and a new one needs its own.
  const removePhoto = () => {
    setForm((current) => ({ ...current, photo: null, photo_alt: '' }));
    setPhotoProblem(undefined);
    setPhotoPicks((picks) => picks + 1);
  };

  /**
   * Focus back in the form once the photo is settled: the picker is disabled while it uploads,
   * which sent the focus to the dialog itself, and Tab then started again at its top. The new
   * photo's description comes next; a refused or kept one leaves the focus on the picker.
   */
  const focusAfterPhoto = (field: 'photo' | 'photo_alt') =>
    requestAnimationFrame(() => {
      const element = edit.formRef.current?.elements.namedItem(field);
      if (element instanceof HTMLElement) element.focus();
    });

  const choosePhoto = async (file: File | null) => {
    setPhotoProblem(undefined);
    if (!file) return;
    let uploaded = await photoUpload.upload(file);
    // Another photo has this name: it gives way only when the administrator says so.
    if ('taken' in uploaded) {
      if (!(await photoUpload.askReplace([uploaded.taken], uploaded.courses))) {
        setPhotoPicks((picks) => picks + 1);
        focusAfterPhoto('photo');
        return;
      }
      uploaded = await photoUpload.upload(file, { replace: true });
    }
    if ('problem' in uploaded) {
      refusePhoto(uploaded.problem);
      focusAfterPhoto('photo');
    } else if ('filename' in uploaded) {
      const { filename, url } = uploaded;
      setUploadedPhoto({ name: filename, url });
      // The same name replaced keeps its description; another photo needs its own.
      const keepsAlt = form.photo === filename;
      setClearedAlt(!keepsAlt && form.photo_alt.trim() !== '' ? form.photo_alt : null);
      setForm((current) => ({
        ...current,
        photo: filename,
        photo_alt: keepsAlt ? current.photo_alt : '',
      }));
      focusAfterPhoto('photo_alt');
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const read = readQuestion({
      question_text: form.question_text,
      answer_1: form.answers[0],
      answer_2: form.answers[1],
      answer_3: form.answers[2],
      answer_4: form.answers[3],
      answer_5: form.answers[4],
      // Read as typed with a Chinese, Japanese or Korean input method too: `１，３` is `1,3`.
      right_answers: form.right_answers,
      points: pointsOfText(form.points),
      photo: form.photo,
      photo_alt: form.photo_alt,
      explanation: form.explanation,
    });
    const found: Partial<Record<string, string>> = read.ok
      ? {}
      : problemsAtFields(read.problems, t);
    // Each translation filled in must have the question's answers (and none in its language).
    const translations: NonNullable<QuestionInput['translations']> = {};
    let translationProblemTab: ContentLanguage | undefined;
    for (const language of CONTENT_LANGUAGES) {
      const translation = form.translations?.[language];
      if (language === courseLanguage || !translation) continue;
      const draft = draftOf(withQuestionAnswersOnly(translation, form));
      if (isBlankTranslation(draft)) continue;
      const checked = readTranslation(draft, {
        language,
        courseLanguage,
        question: {
          answer_1: form.answers[0],
          answer_2: form.answers[1],
          answer_3: form.answers[2],
          answer_4: form.answers[3],
          answer_5: form.answers[4],
          photo: form.photo,
        },
      });
      if (checked.ok) {
        translations[language] = checked.translation;
        continue;
      }
      translationProblemTab ??= language;
      for (const problem of checked.problems) {
        const [field, words] = translationProblemAtField(problem, t);
        found[field] ??= words;
      }
    }
    // A refused photo stays said (the question keeps the photo it had), without stopping the save.
    setProblems({ ...found, photo: problems.photo });
    const questionProblem = FIELD_ORDER.some((field) => found[field]);
    if (questionProblem || (!read.ok && !translationProblemTab)) {
      setTab(courseLanguage);
      if (shownTab === courseLanguage) focusFirstProblem(formElement, FIELD_ORDER, found);
      else requestAnimationFrame(() => focusFirstProblem(formElement, FIELD_ORDER, found));
      return;
    }
    if (translationProblemTab) {
      const language = translationProblemTab;
      const order = TRANSLATED_FIELDS.map((field) => translationField(language, field));
      setTab(language);
      requestAnimationFrame(() => focusFirstProblem(formElement, order, found));
      return;
    }
    if (!read.ok) return;
    const body: QuestionInput = { ...read.question, translations };
    send({ type: 'user.save', body });
  };

  const title = isNew ? t('questions.addTitle') : t('questions.editTitle', { id: target });
  return (
    <RecordEditModal
      edit={edit}
      kind="question"
      title={title}
      wide
      fieldLabel={(field) => questionFieldLabel(field, t)}
      onSubmit={save}
    >
      <Tabs
        label={t('questions.languagesLabel')}
        testId="question-language-tabs"
        selected={shownTab}
        onSelect={setTab}
        tabs={[courseLanguage, ...CONTENT_LANGUAGES.filter((l) => l !== courseLanguage)].map(
          (language) => ({
            id: language,
            label:
              language === courseLanguage
                ? t('questions.languageOwnTab', { language: LANGUAGE_NAMES[language] })
                : isBlankTranslation(
                      draftOf(
                        withQuestionAnswersOnly(
                          form.translations?.[language] ?? EMPTY_TRANSLATION,
                          form,
                        ),
                      ),
                    )
                  ? t('questions.languageEmptyTab', { language: LANGUAGE_NAMES[language] })
                  : LANGUAGE_NAMES[language],
          }),
        )}
      >
        {shownTab !== courseLanguage ? (
          <TranslationFields
            language={shownTab}
            courseLanguage={courseLanguage}
            form={form}
            problems={problems}
            onChange={(translation) => {
              const language = shownTab;
              setForm((current) => ({
                ...current,
                translations: { ...(current.translations ?? {}), [language]: translation },
              }));
            }}
          />
        ) : (
          <div lang={courseLanguage}>
            <TextAreaField
              name="question_text"
              label={t(LABELS.question_text)}
              required
              rows={3}
              maxLength={QUESTION_LIMITS.question_text}
              value={form.question_text}
              onChange={(event) =>
                setForm((current) => ({ ...current, question_text: event.target.value }))
              }
              error={problems.question_text}
            />
            <div className={styles.answerGrid}>
              {ANSWER_LETTERS.map((letter, index) => (
                // A box that wraps and grows, so a long answer can be read whole; still one line of
                // text: Enter saves as in the other fields, and a pasted line break becomes a space.
                <TextAreaField
                  key={letter}
                  name={`answer_${index + 1}`}
                  className={styles.answerField}
                  label={answerLabel(index, t)}
                  required={index < 2}
                  hint={index >= 2 ? t('common.optional') : undefined}
                  rows={2}
                  maxLength={QUESTION_LIMITS.answer}
                  value={form.answers[index]}
                  onChange={(event) => setAnswer(index, event.target.value.replace(/\r?\n/g, ' '))}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }}
                  error={problems[answerField(index)]}
                />
              ))}
            </div>
            <div className={styles.formGrid}>
              <TextField
                name="right_answers"
                label={t(LABELS.right_answers)}
                required
                placeholder="1,3"
                hint={t('questions.correctHint')}
                value={form.right_answers}
                onChange={(event) =>
                  setForm((current) => ({ ...current, right_answers: event.target.value }))
                }
                error={problems.right_answers}
              />
              <TextField
                name="points"
                label={t(LABELS.points)}
                required
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                value={form.points}
                onChange={(event) =>
                  setForm((current) => ({ ...current, points: event.target.value }))
                }
                error={problems.points}
              />
            </div>
            <TextAreaField
              name="explanation"
              label={t(LABELS.explanation)}
              hint={t('common.optional')}
              rows={3}
              maxLength={QUESTION_LIMITS.explanation}
              value={form.explanation}
              onChange={(event) =>
                setForm((current) => ({ ...current, explanation: event.target.value }))
              }
              error={problems.explanation}
            />
            <div className={styles.photoRow}>
              <FileField
                key={photoPicks}
                name="photo"
                label={t(LABELS.photo)}
                hint={t('questions.photoHint')}
                accept={PHOTO_ACCEPT}
                onFile={(file) => void choosePhoto(file)}
                disabled={uploading}
                error={problems.photo}
              />
              {form.photo && (
                <img
                  className={styles.preview}
                  src={
                    uploadedPhoto?.name === form.photo ? uploadedPhoto.url : photoUrl(form.photo)
                  }
                  alt={t('questions.photoPreview')}
                  data-testid="photo-preview"
                />
              )}
              {form.photo && (
                <Button variant="ghost" size="sm" onClick={removePhoto}>
                  {t('questions.removePhoto')}
                </Button>
              )}
              {uploading && <span className={styles.muted}>{t('questions.uploading')}</span>}
              {photoUpload.dialog}
            </div>
            {form.photo && (
              <p className={formStyles.hint} data-testid="photo-file-name">
                {t('questions.photoFileName')}{' '}
                <code className={cx(styles.code, styles.fileName)}>{form.photo}</code>
              </p>
            )}
            {form.photo && (
              <TextField
                name="photo_alt"
                label={t(LABELS.photo_alt)}
                hint={
                  clearedAlt !== null && form.photo_alt === ''
                    ? t('questions.photoDescriptionCleared', { text: clearedAlt })
                    : t('questions.photoDescriptionHint', { max: QUESTION_LIMITS.photo_alt })
                }
                maxLength={QUESTION_LIMITS.photo_alt}
                value={form.photo_alt}
                onChange={(event) =>
                  setForm((current) => ({ ...current, photo_alt: event.target.value }))
                }
                error={problems.photo_alt}
              />
            )}
          </div>
        )}
      </Tabs>
      <div className={modalActions}>
        <Button variant="secondary" onClick={edit.requestClose}>
          {t('actions.cancel')}
        </Button>
        <Button
          type="submit"
          loading={state.hasTag('status:saving')}
          disabled={uploading || edit.blocked}
        >
          {isNew ? t('actions.create') : t('actions.save')}
        </Button>
      </div>
    </RecordEditModal>
  );
}

/**
 * One translation's fields (issue 42): the question text, the answers the question has (in the
 * same order, so the answer key stays the same), its explanation and photo description. Left
 * all blank, the question has no translation into this language.
 */
function TranslationFields({
  language,
  courseLanguage,
  form,
  problems,
  onChange,
}: {
  language: ContentLanguage;
  courseLanguage: ContentLanguage;
  form: QuestionForm;
  problems: Partial<Record<string, string>>;
  onChange: (translation: TranslationForm) => void;
}) {
  const { t } = useTranslation('admin');
  const translation = form.translations?.[language] ?? EMPTY_TRANSLATION;
  const field = (name: string) => translationField(language, name);
  const set = (changes: Partial<TranslationForm>) => onChange({ ...translation, ...changes });
  const setAnswer = (index: number, value: string) => {
    const answers = [...translation.answers] as TranslationForm['answers'];
    answers[index] = value;
    set({ answers });
  };
  // The answers the question has: a translation fills exactly those.
  const answers = ANSWER_LETTERS.flatMap((letter, index) =>
    questionHasAnswer(form, index) ? [{ letter, index }] : [],
  );
  return (
    <div lang={language} data-testid={`translation-${language}`}>
      <p className={formStyles.hint}>
        {t('questions.translationHint', {
          language: LANGUAGE_NAMES[language],
          original: LANGUAGE_NAMES[courseLanguage],
        })}
      </p>
      <TextAreaField
        name={field('question_text')}
        label={t(LABELS.question_text)}
        rows={3}
        maxLength={QUESTION_LIMITS.question_text}
        value={translation.question_text}
        onChange={(event) => set({ question_text: event.target.value })}
        hint={
          form.question_text
            ? t('questions.translationOf', { text: form.question_text })
            : undefined
        }
        error={problems[field('question_text')]}
      />
      <div className={styles.answerGrid}>
        {answers.map(({ letter, index }) => (
          <TextAreaField
            key={letter}
            name={field(`answer_${index + 1}`)}
            className={styles.answerField}
            label={answerLabel(index, t)}
            rows={2}
            maxLength={QUESTION_LIMITS.answer}
            value={translation.answers[index]}
            hint={t('questions.translationOf', { text: form.answers[index] })}
            onChange={(event) => setAnswer(index, event.target.value.replace(/\r?\n/g, ' '))}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }}
            error={problems[field(`answer_${index + 1}`)]}
          />
        ))}
      </div>
      <TextAreaField
        name={field('explanation')}
        label={t(LABELS.explanation)}
        hint={t('common.optional')}
        rows={3}
        maxLength={QUESTION_LIMITS.explanation}
        value={translation.explanation}
        onChange={(event) => set({ explanation: event.target.value })}
        error={problems[field('explanation')]}
      />
      {form.photo && (
        <TextField
          name={field('photo_alt')}
          label={t(LABELS.photo_alt)}
          hint={t('common.optional')}
          maxLength={QUESTION_LIMITS.photo_alt}
          value={translation.photo_alt}
          onChange={(event) => set({ photo_alt: event.target.value })}
          error={problems[field('photo_alt')]}
        />
      )}
    </div>
  );
}
