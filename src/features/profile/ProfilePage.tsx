import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, fieldsOf, unwrap, type User } from '../../api';
import { useDateFormats } from '../../i18n/dates';
import {
  accountProblems,
  focusFirstProblem,
  newPasswordProblem,
  passwordProblem,
  takenProblems,
  trimText,
  useFieldProblemText,
  type AccountField,
  type AccountProblems,
} from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { useCourseWords } from '../../lib/course-words';
import {
  FALLBACK_COURSE,
  forgetCourses,
  useCourses,
  useLearnerCourse,
} from '../../lib/learner-course';
import { useAuth } from '../../lib/auth';
import { useFailureMessageIn } from '../../lib/failure-message';
import { useFormDraft } from '../../lib/use-form-draft';
import { Button } from '../../ui/button/Button';
import { Badge, Card, Notice } from '../../ui/card/Card';
import { CourseSelectField } from '../../ui/form/CourseSelectField';
import { formStyles, TextField } from '../../ui/form/TextField';
import { initialOf } from '../../ui/layout/user-links';
import { LoadingScreen } from '../../ui/layout/screens';
import { useNotify } from '../../ui/notifications/Notifications';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import { Facts } from '../../ui/facts/Facts';
import { AccountSection } from './AccountSection';
import { QuestionLanguageSection } from './QuestionLanguageSection';
import { OfflineSection } from './OfflineSection';
import * as styles from './profile.css';
import { fullName, inNameOrder, NAME_FIELDS } from '../../lib/person-name';

type ProfileForm = Pick<User, 'first_name' | 'last_name' | 'username' | 'email'> & {
  /** The course's id as text (a select's value). */
  course_id: string;
};

const formOf = (user: User): ProfileForm => ({
  first_name: user.first_name,
  last_name: user.last_name,
  username: user.username,
  email: user.email,
  course_id: String(user.course_id),
});

// The order the form shows them in: the first one with a problem takes the focus.
const FIELD_ORDER: AccountField[] = ['first_name', 'last_name', 'username', 'email'];
// Brought back after a reload, the course too.
const KEPT: (keyof ProfileForm)[] = [...FIELD_ORDER, 'course_id'];

/**
 * Profile: summary card, personal information (view, edit, save), the password section and the
 * account's (sign out everywhere, delete the account).
 */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  if (!user) return <LoadingScreen />;
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className={styles.layout}>
        <SummaryCard user={user} />
        <div className={pageStyles.stack}>
          {/* Another account signed in in this tab starts from its own values and draft. */}
          <PersonalInfo key={user.id} user={user} />
          <QuestionLanguageSection user={user} />
          <PasswordSection />
          <OfflineSection userId={user.id} />
          <AccountSection />
        </div>
      </div>
    </>
  );
}

function SummaryCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const course = useLearnerCourse();
  const words = useCourseWords();
  const dates = useDateFormats();
  const format = (value: string | null) => (value ? dates.date(new Date(value)) : t('notSet'));
  return (
    <Card className={styles.summary} aria-label={t('summary')}>
      <span className={styles.avatar} aria-hidden="true">
        {initialOf(user)}
      </span>
      <h2 className={styles.name}>{fullName(user) || user.username}</h2>
      <p className={styles.handle}>@{user.username}</p>
      <Badge>{user.is_admin ? t('role.admin') : t('role.user')}</Badge>
      <Facts
        className={styles.facts}
        items={[
          { term: t('fields.email'), value: user.email },
          // None while the courses load, nor when they cannot be read (the spec's exam, unnamed).
          ...(course && course !== FALLBACK_COURSE
            ? [{ term: t('course.label'), value: words.option(course) }]
            : []),
          { term: t('memberSince'), value: format(user.created_at) },
          { term: t('lastLogin'), value: format(user.last_login) },
        ]}
      />
    </Card>
  );
}

function PersonalInfo({ user }: { user: User }) {
  const { t, i18n } = useTranslation('profile');
  const fieldOrder = inNameOrder(FIELD_ORDER, i18n.resolvedLanguage);
  const api = useApi();
  const router = useRouter();
  const { actor } = useAuth();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const words = useCourseWords();
  // A course to change to only where there is another one.
  const listed = useCourses();
  const courses = listed && listed.length >= 2 ? listed : null;
  // Unsaved changes come back after a reload over what is stored now, field by field.
  const draft = useFormDraft(`profile.${user.id}`, formOf(user), KEPT);
  const form = draft.values;
  const [editing, setEditing] = useState(draft.restored);
  const [saving, setSaving] = useState(false);
  const [problems, setProblems] = useState<AccountProblems>({});
  const problemText = useFieldProblemText();
  // Save goes with the form: the focus goes where editing starts again, as after Discard.
  const { target: editButton, focusWhenIdle: focusEditOnceSaved } = useFocusWhenIdle(saving);

  const bind = (name: AccountField) => ({
    name,
    value: form[name],
    readOnly: !editing,
    error: problemText(problems[name]),
    onChange: (event: { target: { value: string } }) => {
      draft.set(name, event.target.value);
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });

  /** Back to the stored values, the changes given up. */
  const stopEditing = () => {
    draft.reset();
    setProblems({});
    setEditing(false);
  };

  const infoForm = useRef<HTMLFormElement>(null);
  const toggle = () => {
    if (editing) return stopEditing();
    setEditing(true);
    // Straight to the first field to change (it reads as editable from the next render on).
    infoForm.current?.querySelector('input')?.focus();
  };

  const discard = () => {
    stopEditing();
    // The note and its button go: the focus goes to where editing starts again.
    editButton.current?.focus();
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const details = {
      first_name: trimText(form.first_name),
      last_name: trimText(form.last_name),
      username: trimText(form.username),
      email: trimText(form.email),
    };
    // Sent only when changed: another course is a move, with what it refreshes.
    const course = courses?.find((candidate) => String(candidate.id) === form.course_id);
    const moving = course !== undefined && course.id !== user.course_id;
    const body = moving ? { ...details, course_id: course.id } : details;
    // Names may stay empty on the profile (the contract's ProfileUpdate asks only their length).
    const found = accountProblems(details, { namesRequired: false });
    setProblems(found);
    const formElement = event.currentTarget;
    if (focusFirstProblem(formElement, fieldOrder, found)) return;
    notify.clear('profile.save');
    setSaving(true);
    try {
      const updated = await unwrap(api.PUT('/user/profile', { body }));
      actor.send({ type: 'user.updated', user: updated });
      draft.reset(formOf(updated));
      setEditing(false);
      focusEditOnceSaved();
      if (moving && updated.course_id !== user.course_id) {
        // Every page's data is the course's: the exam's rules follow the user's course_id;
        // the dashboard's figures and the question pages, kept by the router, load again.
        forgetCourses(api);
        void router.invalidate();
        notify.success(t('course.changed', { course: words.option(course) }), 'profile.save');
      } else notify.success(t('updateSuccess'), 'profile.save');
    } catch (error) {
      // The edits stay in the form, so the learner can fix what the server named (a username
      // already taken, said at its field alone: a notification besides would cover that very
      // field on a phone) and save again.
      const taken = takenProblems(fieldsOf(error));
      setProblems(taken);
      if (!focusFirstProblem(formElement, fieldOrder, taken))
        notify.error(failure('updateError', error), 'profile.save');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby="profile-info-title">
      <div className={styles.sectionHead}>
        <h2 id="profile-info-title" className={styles.sectionTitle}>
          {t('info.title')}
        </h2>
        <Button
          ref={editButton}
          variant={editing ? 'secondary' : 'outline'}
          size="sm"
          onClick={toggle}
          disabled={saving}
        >
          {editing ? t('info.cancel') : t('info.edit')}
        </Button>
      </div>
      {draft.restored && (
        <Notice
          tone="info"
          text={t('info.restored')}
          testId="profile-restored"
          className={styles.notice}
        >
          <Button size="sm" variant="ghost" onClick={discard} disabled={saving}>
            {t('info.discard')}
          </Button>
        </Notice>
      )}
      <form ref={infoForm} onSubmit={save} noValidate aria-labelledby="profile-info-title">
        <div className={formStyles.grid}>
          {inNameOrder(NAME_FIELDS, i18n.resolvedLanguage).map((name) => (
            <TextField
              key={name}
              label={t(name === 'first_name' ? 'fields.firstName' : 'fields.lastName')}
              autoComplete={name === 'first_name' ? 'given-name' : 'family-name'}
              {...bind(name)}
            />
          ))}
          <TextField
            label={t('fields.username')}
            autoComplete="username"
            required
            {...bind('username')}
          />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            {...bind('email')}
          />
          {courses && (
            <CourseSelectField
              courses={courses}
              label={t('course.label')}
              hint={t('course.kept')}
              // A select cannot be read-only: off until Edit, as the text fields are read-only.
              disabled={!editing}
              value={form.course_id}
              onChange={(value) => draft.set('course_id', value)}
            />
          )}
        </div>
        {editing && (
          <div className={styles.formActions}>
            <Button type="submit" variant="success" loading={saving}>
              {t('info.save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}

const EMPTY_PASSWORDS = { current_password: '', new_password: '', confirm_password: '' };
type PasswordField = keyof typeof EMPTY_PASSWORDS;
const PASSWORD_FIELDS: readonly PasswordField[] = [
  'current_password',
  'new_password',
  'confirm_password',
];

/**
 * A button to give the focus to once `busy` ends (it is disabled until then), for when what
 * had the focus goes away with a finished task: the focus stays in the section, not the page.
 */
function useFocusWhenIdle(busy: boolean) {
  const target = useRef<HTMLButtonElement>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (busy || !wanted.current) return;
    wanted.current = false;
    target.current?.focus();
  }, [busy]);
  return {
    target,
    focusWhenIdle: () => {
      wanted.current = true;
    },
  };
}

function PasswordSection() {
  const { t } = useTranslation(['profile', 'auth']);
  const api = useApi();
  const { actor } = useAuth();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  // The form goes once the password is changed: the focus goes to the button that opens it.
  const { target: toggleButton, focusWhenIdle: focusToggleOnceSaved } = useFocusWhenIdle(saving);
  const [form, setForm] = useState(EMPTY_PASSWORDS);
  // Each field's problem, worded: checked here before sending, and the one the server can find
  // (a wrong current password) put under its field too rather than only in a passing toast.
  const [problems, setProblems] = useState<Partial<Record<PasswordField, string>>>({});
  const problemText = useFieldProblemText();

  const bind = (name: PasswordField) => ({
    name,
    type: 'password',
    required: true,
    value: form[name],
    error: problems[name],
    onChange: (event: { target: { value: string } }) => {
      setProblems((current) => ({ ...current, [name]: undefined }));
      setForm((current) => ({ ...current, [name]: event.target.value }));
    },
  });

  // Opening the form starts at its first field, as Edit does (the form mounts only when opened).
  const focusFirstField = useCallback((formElement: HTMLFormElement | null) => {
    formElement?.querySelector('input')?.focus();
  }, []);

  const close = () => {
    setOpen(false);
    setForm(EMPTY_PASSWORDS);
    setProblems({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const found: Partial<Record<PasswordField, string>> = {};
    for (const name of PASSWORD_FIELDS) {
      // Only the one being set must not be all spaces: the current one is whatever it is.
      const check = name === 'new_password' ? newPasswordProblem : passwordProblem;
      found[name] = problemText(check(form[name]));
    }
    if (!found.confirm_password && form.new_password !== form.confirm_password)
      found.confirm_password = t('auth:passwordsDontMatch');
    if (!found.new_password && form.new_password === form.current_password)
      found.new_password = t('password.sameAsCurrent');
    setProblems(found);
    if (focusFirstProblem(formElement, PASSWORD_FIELDS, found)) return;
    // The last try's failure is stale once this one is sent; its own outcome is said anew.
    notify.clear('profile.password');
    setSaving(true);
    try {
      const changed = await unwrap(
        api.PUT('/user/change-password', {
          body: { current_password: form.current_password, new_password: form.new_password },
        }),
      );
      // The old token no longer works anywhere; this session goes on with the new one.
      actor.send({ type: 'session.renewed', token: changed.access_token });
      notify.success(t('passwordChangeSuccess'), 'profile.password');
      close();
      focusToggleOnceSaved();
    } catch (error) {
      // Every other rule is checked above: a refusal of the request itself is the current password.
      if (error instanceof ApiError && error.status === 400) {
        setProblems({ current_password: t('password.wrongCurrent') });
        focusFirstProblem(formElement, PASSWORD_FIELDS, { current_password: true });
      } else {
        notify.error(failure('passwordChangeError', error), 'profile.password');
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card aria-labelledby="profile-password-title">
      <div className={styles.sectionHead}>
        <h2 id="profile-password-title" className={styles.sectionTitle}>
          {t('password.title')}
        </h2>
        <Button
          ref={toggleButton}
          variant={open ? 'secondary' : 'outline'}
          size="sm"
          onClick={() => (open ? close() : setOpen(true))}
          aria-expanded={open}
          aria-controls="password-form"
        >
          {open ? t('password.cancel') : t('password.change')}
        </Button>
      </div>
      {open ? (
        <form
          ref={focusFirstField}
          id="password-form"
          onSubmit={submit}
          noValidate
          className={formStyles.stack}
          aria-labelledby="profile-password-title"
        >
          <TextField
            label={t('password.current')}
            autoComplete="current-password"
            {...bind('current_password')}
          />
          <TextField
            label={t('password.new')}
            autoComplete="new-password"
            {...bind('new_password')}
          />
          <TextField
            label={t('password.confirm')}
            autoComplete="new-password"
            {...bind('confirm_password')}
          />
          <div className={styles.formActions}>
            <Button type="submit" loading={saving}>
              {t('password.submit')}
            </Button>
          </div>
        </form>
      ) : (
        <p className={pageStyles.muted} style={{ margin: 0 }}>
          {t('password.secure')}
        </p>
      )}
    </Card>
  );
}
