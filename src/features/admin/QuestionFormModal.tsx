import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
import { ANSWER_FIELDS } from '../../../domain/answers';
import {
  QUESTION_LIMITS,
  type QuestionProblem,
  readQuestion,
} from '../../../domain/question-fields';
import { halfWidthList, pointsOf } from './validation';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

interface QuestionForm {
  question_text: string;
  answers: [string, string, string, string, string];
  right_answers: string;
  points: string;
  explanation: string;
  photo: string | null;
  photo_alt: string;
}

const EMPTY: QuestionForm = {
  question_text: '',
  answers: ['', '', '', '', ''],
  right_answers: '',
  points: '1',
  explanation: '',
  photo: null,
  photo_alt: '',
};

/** Each field's label (its translation key); each answer has its own (`questionFieldLabel`). */
const LABELS: Record<Exclude<keyof QuestionForm, 'answers'>, string> = {
  question_text: 'questions.text',
  right_answers: 'questions.correct',
  points: 'questions.points',
  explanation: 'questions.explanation',
  photo: 'questions.photo',
  photo_alt: 'questions.photoDescription',
};

/** An answer's label: "Answer B (2)". */
const answerLabel = (index: number, t: TFunction<'admin'>) =>
  t('questions.answer', { letter: LETTERS[index], number: index + 1 });

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
          letter: LETTERS[ANSWER_FIELDS.indexOf(problem.previous)],
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
          letter: LETTERS[problem.number - 1],
          number: problem.number,
        }),
      ];
    case 'pointsRange':
      return ['points', t('validation.points')];
    case 'photoName':
      return ['photo', t('questions.photoNameUnsafe', { name: problem.photo })];
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
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const edit = useRecordEdit<QuestionForm, QuestionInput, Question>({
    draftName: `question.${target}`,
    id: isNew ? null : target,
    blank: EMPTY,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/admin/questions/{id}', { params: { path: { id } }, signal }),
      );
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

  const choosePhoto = async (file: File | null) => {
    setPhotoProblem(undefined);
    if (!file) return;
    let uploaded = await photoUpload.upload(file);
    // Another photo has this name: it gives way only when the administrator says so.
    if ('taken' in uploaded) {
      if (!(await photoUpload.askReplace([uploaded.taken]))) {
        setPhotoPicks((picks) => picks + 1);
        return;
      }
      uploaded = await photoUpload.upload(file, { replace: true });
    }
    if ('problem' in uploaded) refusePhoto(uploaded.problem);
    else if ('filename' in uploaded) {
      const { filename } = uploaded;
      setForm((current) => ({ ...current, photo: filename, photo_alt: '' }));
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
      // Typed with a Chinese, Japanese or Korean input method: `１，３` is `1,3`.
      right_answers: halfWidthList(form.right_answers),
      points: pointsOf(form.points),
      photo: form.photo,
      photo_alt: form.photo_alt,
      explanation: form.explanation,
    });
    const found = read.ok ? {} : problemsAtFields(read.problems, t);
    // A refused photo stays said (the question keeps the photo it had), without stopping the save.
    setProblems({ ...found, photo: problems.photo });
    if (focusFirstProblem(formElement, FIELD_ORDER, found) || !read.ok) return;
    const body: QuestionInput = read.question;
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
        {LETTERS.map((letter, index) => (
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
          onChange={(event) => setForm((current) => ({ ...current, points: event.target.value }))}
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
            src={photoUrl(form.photo)}
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
          hint={t('questions.photoDescriptionHint', { max: QUESTION_LIMITS.photo_alt })}
          maxLength={QUESTION_LIMITS.photo_alt}
          value={form.photo_alt}
          onChange={(event) =>
            setForm((current) => ({ ...current, photo_alt: event.target.value }))
          }
          error={problems.photo_alt}
        />
      )}
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
