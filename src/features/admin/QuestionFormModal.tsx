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
import { modalActions } from '../../ui/modal/Modal';
import {
  ifMatch,
  photoUrl,
  readVersioned,
  uploadQuestionImage,
  type Question,
  type QuestionInput,
} from './admin-api';
import { RecordEditModal } from './RecordEditModal';
import { useRecordEdit } from './use-record-edit';
import * as styles from './admin.css';
import { useFailureReason } from './use-admin-task';
import { parsePoints, parseRightAnswers } from './validation';

const LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;

interface QuestionForm {
  question_text: string;
  answers: [string, string, string, string, string];
  right_answers: string;
  points: string;
  explanation: string;
  photo: string | null;
}

const EMPTY: QuestionForm = {
  question_text: '',
  answers: ['', '', '', '', ''],
  right_answers: '',
  points: '1',
  explanation: '',
  photo: null,
};

/** Each field's label (its translation key); each answer has its own (`questionFieldLabel`). */
const LABELS: Record<Exclude<keyof QuestionForm, 'answers'>, string> = {
  question_text: 'questions.text',
  right_answers: 'questions.correct',
  points: 'questions.points',
  explanation: 'questions.explanation',
  photo: 'questions.photo',
};

/** An answer's label: "Answer B (2)". */
const answerLabel = (index: number, t: TFunction<'admin'>) =>
  t('questions.answer', { letter: LETTERS[index], number: index + 1 });

/** A field's label, `answers.1` naming an answer. */
function questionFieldLabel(field: string, t: TFunction<'admin'>): string {
  const [name = '', item] = field.split('.');
  return name === 'answers' ? answerLabel(Number(item), t) : t(LABELS[name as keyof typeof LABELS]);
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
});

type Field = 'question_text' | 'answer_1' | 'answer_2' | 'right_answers' | 'points' | 'photo';
/** The fields in the order they show, for focusing the first one with a problem. */
const FIELD_ORDER: readonly Field[] = [
  'question_text',
  'answer_1',
  'answer_2',
  'right_answers',
  'points',
  'photo',
];

/** What the question form opens on: a stored question by id, or a new one. */
export type QuestionTarget = number | 'new';

/**
 * Add or edit a question: text, answers A–E (A and B required), correct answers, points,
 * explanation, photo. A stored question is read first, so the form starts from its version now.
 */
export function QuestionFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: QuestionTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  if (target === null) return null;
  return <QuestionEditor key={target} target={target} onClose={onClose} onSaved={onSaved} />;
}

function QuestionEditor({
  target,
  onClose,
  onSaved,
}: {
  target: QuestionTarget;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const reasonOf = useFailureReason();
  const isNew = target === 'new';
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
        ? unwrap(api.POST('/admin/questions', { body }))
        : unwrap(
            api.PUT('/admin/questions/{id}', {
              params: { path: { id }, header: ifMatch(tag) },
              body,
            }),
          ),
    savedMessage: () => (isNew ? t('success.questionCreated') : t('success.questionUpdated')),
    failureKey: 'errors.saveQuestion',
    onSaved,
    onClose,
  });
  const { form, state, send } = edit;
  const setForm = edit.change;
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [uploading, setUploading] = useState(false);
  // A new key empties the file input (a refused file must not stay chosen).
  const [photoPicks, setPhotoPicks] = useState(0);

  const setAnswer = (index: number, value: string) =>
    setForm((current) => {
      const answers = [...current.answers] as QuestionForm['answers'];
      answers[index] = value;
      return { ...current, answers };
    });

  const clearPhotoProblem = () => setProblems((current) => ({ ...current, photo: undefined }));

  /** No photo, and no refused file waiting in the file input either. */
  const removePhoto = () => {
    setForm((current) => ({ ...current, photo: null }));
    clearPhotoProblem();
    setPhotoPicks((picks) => picks + 1);
  };

  const choosePhoto = async (file: File | null) => {
    clearPhotoProblem();
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadQuestionImage(api, file);
      setForm((current) => ({ ...current, photo: uploaded.filename }));
    } catch (error) {
      const detail = reasonOf(error);
      setProblems((current) => ({
        ...current,
        photo: detail ? t('questions.photoFailedDetail', { detail }) : t('questions.photoFailed'),
      }));
    } finally {
      setUploading(false);
    }
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found: Partial<Record<Field, string>> = {};
    if (!form.question_text.trim()) found.question_text = t('validation.required');
    if (!form.answers[0].trim()) found.answer_1 = t('validation.required');
    if (!form.answers[1].trim()) found.answer_2 = t('validation.required');
    const right = parseRightAnswers(form.right_answers, form.answers);
    if (!right.ok) {
      found.right_answers =
        right.problem === 'emptyAnswer'
          ? t('validation.rightAnswers.emptyAnswer', {
              letter: LETTERS[right.answer - 1],
              number: right.answer,
            })
          : t(`validation.rightAnswers.${right.problem}`);
    }
    const points = parsePoints(form.points);
    if (points === null) found.points = t('validation.points');
    // A refused photo stays refused: saving now would store the question without it, unasked.
    if (problems.photo) found.photo = problems.photo;
    setProblems(found);
    if (focusFirstProblem(formElement, FIELD_ORDER, found) || !right.ok || points === null) return;

    const optional = (value: string) => (value.trim() === '' ? null : value.trim());
    const body: QuestionInput = {
      question_text: form.question_text.trim(),
      answer_1: form.answers[0].trim(),
      answer_2: form.answers[1].trim(),
      answer_3: optional(form.answers[2]),
      answer_4: optional(form.answers[3]),
      answer_5: optional(form.answers[4]),
      right_answers: right.value,
      points,
      photo: form.photo,
      explanation: optional(form.explanation),
    };
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
        value={form.question_text}
        onChange={(event) =>
          setForm((current) => ({ ...current, question_text: event.target.value }))
        }
        error={problems.question_text}
      />
      <div className={styles.answerGrid}>
        {LETTERS.map((letter, index) => (
          <TextField
            key={letter}
            name={`answer_${index + 1}`}
            label={answerLabel(index, t)}
            required={index < 2}
            hint={index >= 2 ? t('common.optional') : undefined}
            value={form.answers[index]}
            onChange={(event) => setAnswer(index, event.target.value)}
            error={index === 0 ? problems.answer_1 : index === 1 ? problems.answer_2 : undefined}
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
        label={t(LABELS.explanation)}
        hint={t('common.optional')}
        rows={3}
        value={form.explanation}
        onChange={(event) =>
          setForm((current) => ({ ...current, explanation: event.target.value }))
        }
      />
      <div className={styles.photoRow}>
        <FileField
          key={photoPicks}
          name="photo"
          label={t(LABELS.photo)}
          hint={t('questions.photoHint')}
          accept="image/png,image/jpeg,image/webp,image/gif"
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
        {(form.photo || problems.photo) && (
          <Button variant="ghost" size="sm" onClick={removePhoto}>
            {t('questions.removePhoto')}
          </Button>
        )}
        {uploading && <span className={styles.muted}>{t('questions.uploading')}</span>}
      </div>
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
