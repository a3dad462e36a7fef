import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  accountProblems,
  newPasswordProblem,
  focusFirstProblem,
  takenProblems,
  trimText,
  useFieldProblemText,
  type FieldProblem,
} from '../../lib/account-fields';
import { useAuth } from '../../lib/auth';
import { useCourses } from '../../lib/learner-course';
import { useRegistrationOpen } from '../../lib/site-settings';
import { Button, buttonClass } from '../../ui/button/Button';
import { Alert } from '../../ui/card/Card';
import { CourseSelectField } from '../../ui/form/CourseSelectField';
import { TextField } from '../../ui/form/TextField';
import { AuthLinks } from './AuthLinks';
import { useAuthFailure } from './use-auth-failure';
import { useGuestDraft } from './use-guest-draft';
import { inNameOrder, NAME_FIELDS } from '../../lib/person-name';
import * as styles from './auth.css';

const EMPTY = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  // The chosen course's id as text; asked only when there are several courses.
  course_id: '',
  password: '',
};
type RegisterForm = typeof EMPTY;
type Problems = Partial<Record<keyof RegisterForm, FieldProblem>>;
const FIELD_ORDER = Object.keys(EMPTY) as (keyof RegisterForm)[];
// Brought back after a reload; the password never leaves the form.
const KEPT: readonly (keyof RegisterForm)[] = [
  'first_name',
  'last_name',
  'username',
  'email',
  'course_id',
];

/** Registration, or word that it is closed when the administrator closed it. */
export function RegisterPage() {
  return useRegistrationOpen() ? <RegisterForm /> : <RegistrationClosed />;
}

/** Offered instead of a form the server would refuse only after every field is filled in. */
function RegistrationClosed() {
  const { t } = useTranslation('auth');
  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <h1 className={styles.title}>{t('register.closedTitle')}</h1>
        <p className={styles.subtitle}>{t('register.closedText')}</p>
        <Link to="/login" className={buttonClass({ size: 'lg', fullWidth: true })}>
          {t('register.loginLink')}
        </Link>
        <AuthLinks />
      </div>
    </div>
  );
}

/** Five required fields; success signs in and the guard moves on to /dashboard. */
function RegisterForm() {
  const { t, i18n } = useTranslation('auth');
  const fieldOrder = inNameOrder(FIELD_ORDER, i18n.resolvedLanguage);
  const { actor, error, loading } = useAuth();
  const { values: form, set } = useGuestDraft('register', EMPTY, KEPT);
  // With one course there is nothing to choose: the server puts the learner in the default one.
  const listed = useCourses();
  const courses = listed && listed.length >= 2 ? listed : null;
  // A choice kept from before that is no longer offered is no choice.
  const courseId = courses?.some((course) => String(course.id) === form.course_id)
    ? form.course_id
    : '';
  const [problems, setProblems] = useState<Problems>({});
  const problemText = useFieldProblemText();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    actor.send({ type: 'user.clearError' });
  }, [actor]);

  // A username or e-mail the server found taken is marked under its field as well (both, when
  // both are), each mark staying until its own field is edited. Only a refusal of this form's
  // own sending: one left from an earlier visit is cleared above, not marked again.
  const sent = useRef(false);
  useEffect(() => {
    if (error?.kind !== 'register' || !sent.current) return;
    const found: Problems = takenProblems(error.fields);
    setProblems((current) => ({ ...current, ...found }));
    if (formRef.current) focusFirstProblem(formRef.current, FIELD_ORDER, found);
  }, [error]);

  const field = (name: keyof RegisterForm) => ({
    name,
    value: form[name],
    required: true,
    error: problemText(problems[name]),
    onChange: (event: { target: { value: string } }) => {
      set(name, event.target.value);
      setProblems((current) => ({ ...current, [name]: undefined }));
      // The server's word on a field is out of date once that field changes.
      if (problems[name]?.code === 'taken') actor.send({ type: 'user.clearError' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const details = {
      first_name: trimText(form.first_name),
      last_name: trimText(form.last_name),
      username: trimText(form.username),
      email: trimText(form.email),
      password: form.password,
    };
    // The contract's rules are checked here, so the server's schema text is never what a
    // learner reads; the password has no length rule (spec section 5), only not all spaces.
    const found: Problems = accountProblems(details, { namesRequired: true });
    if (courses && courseId === '') found.course_id = { code: 'required' };
    const passwordIssue = newPasswordProblem(details.password);
    if (passwordIssue) found.password = passwordIssue;
    setProblems(found);
    if (focusFirstProblem(event.currentTarget, fieldOrder, found)) {
      actor.send({ type: 'user.clearError' });
      return;
    }
    sent.current = true;
    actor.send({
      type: 'user.register',
      details: courses ? { ...details, course_id: Number(courseId) } : details,
    });
  };

  const registerError = useAuthFailure('register');

  return (
    <div className={styles.wrap}>
      <div className={`${styles.panel} ${styles.wide}`}>
        <h1 className={styles.title}>{t('register.title')}</h1>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>
        {registerError && <Alert>{registerError}</Alert>}
        <form
          ref={formRef}
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-label={t('register.title')}
        >
          <div className={styles.pair}>
            {inNameOrder(NAME_FIELDS, i18n.resolvedLanguage).map((name, index) => (
              <TextField
                key={name}
                label={t(name === 'first_name' ? 'fields.firstName' : 'fields.lastName')}
                autoComplete={name === 'first_name' ? 'given-name' : 'family-name'}
                autoFocus={index === 0}
                {...field(name)}
              />
            ))}
          </div>
          <TextField label={t('fields.username')} autoComplete="username" {...field('username')} />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
          />
          {courses && (
            <CourseSelectField
              courses={courses}
              label={t('fields.course')}
              placeholder={t('register.chooseCourse')}
              hint={t('register.courseHint')}
              required
              value={courseId}
              error={problems.course_id ? t('register.courseRequired') : undefined}
              onChange={(value) => {
                set('course_id', value);
                setProblems((current) => ({ ...current, course_id: undefined }));
              }}
            />
          )}
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="new-password"
            {...field('password')}
          />
          <Button type="submit" size="lg" fullWidth loading={loading}>
            {loading ? t('register.submitting') : t('register.submit')}
          </Button>
        </form>
        <p className={styles.switchText}>
          {t('register.haveAccount')} <Link to="/login">{t('register.loginLink')}</Link>
        </p>
        <AuthLinks />
      </div>
    </div>
  );
}
