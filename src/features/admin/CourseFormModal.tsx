import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { COURSE_PRESETS, type CoursePresetId } from '../../../domain/course-presets';
import { PASS_PERCENT } from '../../../domain/course-rules';
import { fieldOf, detailOf, unwrap } from '../../api';
import { focusFirstProblem } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { forgetCourses } from '../../lib/learner-course';
import { useCourseWords } from '../../lib/course-words';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { formStyles, TextField } from '../../ui/form/TextField';
import { modalActions } from '../../ui/modal/Modal';
import { ifMatch, readVersioned } from './admin-api';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import {
  COURSE_FIELDS,
  COURSE_LANGUAGES,
  COURSE_LIMITS,
  courseFieldOf,
  DESCRIBED_RULE_FIELDS,
  courseFormOf,
  PASS_RULES,
  presetForm,
  readCourseForm,
  type Course,
  type CourseField,
  type CourseForm,
  type CourseInput,
  type CourseProblem,
} from './course-form';
import { RecordEditModal } from './RecordEditModal';
import { type FormEvents, useRecordEdit } from './use-record-edit';

/** The fields typed in (all but the yes/no one). */
type TypedField = Exclude<CourseField, 'ends_when_failed'>;

/** Each field's label (its admin.json key); the pass mark's depends on the rule. */
const LABELS: Record<CourseField, string> = {
  preset: 'courses.fields.preset',
  name: 'courses.fields.name',
  description: 'courses.fields.description',
  language: 'courses.fields.language',
  question_count: 'courses.fields.questionCount',
  time_limit_minutes: 'courses.fields.timeLimit',
  pass_rule: 'courses.fields.passRule',
  pass_value: 'courses.fields.passValue.percent_questions',
  extra_questions_per_mistake: 'courses.fields.extraQuestions',
  extra_minutes_per_mistake: 'courses.fields.extraMinutes',
  ends_when_failed: 'courses.fields.endsWhenFailed',
};

/**
 * Add or edit a course: its name, description, language and exam rules. A new one starts from
 * published rules chosen in a select (Korea, Russia, Ireland, the UK or the app's default), every
 * rule editable after. A stored one is read from the list of courses first.
 */

export function CourseFormModal({
  target,
  ...events
}: FormEvents<Course> & {
  target: EditTarget | null;
}) {
  if (target === null) return null;
  return <CourseEditor key={target} target={target} {...events} />;
}

function CourseEditor({
  target,
  ...events
}: FormEvents<Course> & {
  target: EditTarget;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const words = useCourseWords();
  const [problems, setProblems] = useState<Partial<Record<CourseField, string>>>({});
  const isNew = target === 'new';
  const presetWords = (id: CoursePresetId) => ({
    name: t(`courses.presets.${id}.name`),
    description: t(`courses.presets.${id}.description`),
  });
  const [blank] = useState(() => presetForm('default', presetWords('default')));
  const labelOf = (field: CourseField, form?: CourseForm) =>
    field === 'pass_value' && form
      ? t(`courses.fields.passValue.${form.pass_rule}`)
      : t(LABELS[field]);
  const edit = useRecordEdit<CourseForm, CourseInput, Course>({
    draftName: `course.${target}`,
    id: isNew ? null : target,
    blank,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/admin/courses/{id}', { params: { path: { id } }, signal }),
      );
      return { form: courseFormOf(data), tag };
    },
    send: ({ id, body, tag }) =>
      id === null
        ? unwrap(api.POST('/admin/courses', { body }))
        : unwrap(
            api.PUT('/admin/courses/{id}', {
              params: { path: { id }, header: ifMatch(tag) },
              body,
            }),
          ),
    savedMessage: () => (isNew ? t('success.courseCreated') : t('success.courseUpdated')),
    failureKey: 'errors.saveCourse',
    fieldLabel: (field): string => {
      const known = courseFieldOf(field);
      return known ? labelOf(known, edit.form) : field;
    },
    // A name taken, or rules the server cannot keep: said under that field, which takes the focus.
    showAtField: (error): boolean => {
      const field = courseFieldOf(fieldOf(error));
      if (field === null) return false;
      setProblems({ [field]: detailOf(error) ?? t('errors.saveCourse') });
      edit.formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
      return true;
    },
    // Learners' screens and the bank tabs' course picker read the list again.
    afterSave: () => forgetCourses(api),
    ...events,
  });
  const { form, state, send } = edit;

  const set = (field: CourseField, value: string | boolean) => {
    setProblems((current) => ({ ...current, [field]: undefined }));
    edit.change((current) => {
      const next = { ...current, [field]: value };
      // A preset's description states its rules ("40 questions in 40 minutes..."): once a rule
      // changes it would tell learners what the course is not, so it goes, unless rewritten.
      const presetText = current.preset === '' ? null : presetWords(current.preset).description;
      if (DESCRIBED_RULE_FIELDS.includes(field) && current.description === presetText)
        next.description = '';
      return next;
    });
  };

  /** The preset's language and rules; its name and description where the old one's were. */
  const choosePreset = (id: CoursePresetId) => {
    setProblems({});
    edit.change((current) => {
      const before = current.preset === '' ? null : presetWords(current.preset);
      const next = presetForm(id, presetWords(id));
      const untouched = (field: 'name' | 'description') =>
        current[field].trim() === '' || current[field] === before?.[field];
      return {
        ...next,
        name: untouched('name') ? next.name : current.name,
        description: untouched('description') ? next.description : current.description,
      };
    });
  };

  const problemText = (problem: CourseProblem): string => {
    switch (problem.code) {
      case 'required':
        return t('validation.required');
      case 'tooLong':
        return t('validation.tooLong', { count: problem.max });
      case 'wholeNumber':
        return t('courses.validation.wholeNumber', { min: problem.min, max: problem.max });
      case 'minutes':
        return t('courses.validation.minutes', { min: problem.min, max: problem.max });
      case 'percentRange':
        return t('courses.validation.wholeNumber', PASS_PERCENT);
      case 'mistakesNotBelowCount':
        return t('courses.validation.mistakesNotBelowCount', { questions: problem.count });
    }
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readCourseForm(form);
    if (!read.ok) {
      const worded: Partial<Record<CourseField, string>> = {};
      for (const [field, problem] of Object.entries(read.problems) as [
        CourseField,
        CourseProblem,
      ][])
        worded[field] = problemText(problem);
      setProblems(worded);
      focusFirstProblem(event.currentTarget, COURSE_FIELDS, worded);
      return;
    }
    setProblems({});
    send({ type: 'user.save', body: read.body });
  };

  const number = (field: TypedField, range: { min: number; max: number }, hint?: string) => ({
    name: field,
    label: labelOf(field, form),
    required: true,
    type: 'number',
    inputMode: 'numeric' as const,
    min: range.min,
    max: range.max,
    step: 1,
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: problems[field],
    hint,
  });
  // Minutes may have a part (1.5), written with a point or a comma: text, not a number input.
  const minutes = (field: TypedField, hint: string) => ({
    name: field,
    label: labelOf(field, form),
    required: true,
    inputMode: 'decimal' as const,
    autoComplete: 'off',
    value: form[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: problems[field],
    hint,
  });
  const percent = form.pass_rule !== 'max_mistakes';
  const endsId = useId();

  const title = isNew ? t('courses.addTitle') : t('courses.editTitle');
  return (
    <RecordEditModal
      edit={edit}
      kind="course"
      title={title}
      wide
      fieldLabel={(field) => labelOf(field as CourseField, form)}
      onSubmit={save}
    >
      {isNew && (
        <SelectField
          name="preset"
          label={t(LABELS.preset)}
          value={form.preset}
          onChange={(event) => choosePreset(event.target.value as CoursePresetId)}
          options={COURSE_PRESETS.map((preset) => ({
            value: preset.id,
            label: t(`courses.presets.${preset.id}.name`),
          }))}
          hint={
            form.preset === ''
              ? undefined
              : joinSentences(i18n.language, [
                  t(`courses.presets.${form.preset}.description`),
                  t('courses.presetHint'),
                ])
          }
        />
      )}
      <TextField
        name="name"
        label={t(LABELS.name)}
        required
        maxLength={COURSE_LIMITS.name}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        error={problems.name}
      />
      <TextAreaField
        name="description"
        label={t(LABELS.description)}
        rows={3}
        maxLength={COURSE_LIMITS.description}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
        error={problems.description}
      />
      <SelectField
        name="language"
        label={t(LABELS.language)}
        value={form.language}
        onChange={(event) => set('language', event.target.value)}
        options={COURSE_LANGUAGES.map((language) => ({
          value: language,
          label: words.language(language),
        }))}
      />
      <fieldset className={`${styles.fieldset} ${styles.fieldStack}`}>
        <legend className={styles.legend}>{t('courses.fields.rules')}</legend>
        <div className={styles.rulesGrid}>
          <TextField {...number('question_count', COURSE_LIMITS.questionCount)} />
          <TextField
            {...minutes(
              'time_limit_minutes',
              t('courses.hints.minutes', COURSE_LIMITS.timeLimitMinutes),
            )}
          />
          <SelectField
            name="pass_rule"
            label={t(LABELS.pass_rule)}
            value={form.pass_rule}
            onChange={(event) => set('pass_rule', event.target.value)}
            options={PASS_RULES.map((rule) => ({
              value: rule,
              label: t(`courses.passRules.${rule}`),
            }))}
          />
          <TextField
            {...number(
              'pass_value',
              percent ? COURSE_LIMITS.percent : COURSE_LIMITS.mistakes,
              percent ? undefined : t('courses.hints.mistakes'),
            )}
          />
          <TextField
            {...number(
              'extra_questions_per_mistake',
              COURSE_LIMITS.extraQuestions,
              t('courses.hints.extraQuestions'),
            )}
          />
          <TextField
            {...minutes(
              'extra_minutes_per_mistake',
              t('courses.hints.extraMinutes', COURSE_LIMITS.extraMinutes),
            )}
          />
        </div>
        <div className={formStyles.field}>
          <CheckboxField
            name="ends_when_failed"
            label={t(LABELS.ends_when_failed)}
            // A draft kept before the choice was in the form has none: not made.
            checked={form.ends_when_failed === true}
            onChange={(event) => set('ends_when_failed', event.target.checked)}
            aria-invalid={problems.ends_when_failed ? true : undefined}
            aria-describedby={
              problems.ends_when_failed ? `${endsId}-hint ${endsId}-error` : `${endsId}-hint`
            }
          />
          <p id={`${endsId}-hint`} className={formStyles.hint}>
            {t('courses.hints.endsWhenFailed')}
          </p>
          {problems.ends_when_failed && (
            <p id={`${endsId}-error`} className={formStyles.error}>
              {problems.ends_when_failed}
            </p>
          )}
        </div>
      </fieldset>
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
