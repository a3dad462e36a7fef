import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useRouter } from '@tanstack/react-router';
import { fieldsOf, unwrap } from '../../api';
import {
  accountProblems,
  EMAIL_MAX_LENGTH,
  focusFirstProblem,
  NAME_MAX_LENGTH,
  newPasswordProblem,
  PASSWORD_MAX_LENGTH,
  takenProblems,
  trimText,
  useFieldProblemText,
  USERNAME_MAX_LENGTH,
  type AccountProblems,
} from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { learnerCourseOf, useCourses } from '../../lib/learner-course';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { CourseSelectField } from '../../ui/form/CourseSelectField';
import { TextField } from '../../ui/form/TextField';
import { modalActions } from '../../ui/modal/Modal';
import {
  ifMatch,
  readVersioned,
  type AdminUser,
  type UserCreate,
  type UserUpdate,
} from './admin-api';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import { RecordEditModal } from './RecordEditModal';
import { type FormEvents, useRecordEdit } from './use-record-edit';
import { inNameOrder, NAME_FIELDS } from '../../lib/person-name';

interface UserForm {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  is_admin: boolean;
  is_active: boolean;
  /** The course's id as text (a select's value); '' for a new user, who starts in the default one. */
  course_id: string;
}

const EMPTY: UserForm = {
  username: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  is_admin: false,
  is_active: true,
  course_id: '',
};

/** Each field's label (its translation key). */
const LABELS: Record<keyof UserForm, string> = {
  username: 'users.username',
  email: 'users.email',
  first_name: 'users.firstName',
  last_name: 'users.lastName',
  password: 'users.password',
  is_admin: 'users.isAdmin',
  is_active: 'users.isActive',
  course_id: 'users.course',
};

const formOf = (user: AdminUser): UserForm => ({
  username: user.username,
  email: user.email,
  first_name: user.first_name,
  last_name: user.last_name,
  password: '',
  is_admin: user.is_admin,
  is_active: user.is_active,
  course_id: String(user.course_id),
});

/** What of the form may be kept for a reload: never a password. */
const keptOf = (form: UserForm): UserForm => ({ ...form, password: '' });

type Problems = AccountProblems & { password?: string };
const FIELD_ORDER: (keyof Problems)[] = [
  'username',
  'email',
  'first_name',
  'last_name',
  'password',
];

/**
 * Add or edit a user: username and e-mail required, names optional, their course (when there
 * are several), admin and active flags. A stored user is read first, so the form starts from
 * their version now.
 */
export function UserFormModal({
  target,
  ...events
}: FormEvents<AdminUser> & {
  target: EditTarget | null;
}) {
  if (target === null) return null;
  return <UserEditor key={target} target={target} {...events} />;
}

function UserEditor({
  target,
  ...events
}: FormEvents<AdminUser> & {
  target: EditTarget;
}) {
  const { t, i18n } = useTranslation('admin');
  const fieldOrder = inNameOrder(FIELD_ORDER, i18n.resolvedLanguage);
  const api = useApi();
  const router = useRouter();
  const { user: me, actor } = useAuth();
  // A course to put the user in only where there is another one, as on the profile.
  const listed = useCourses();
  const courses = listed && listed.length >= 2 ? listed : null;
  const [problems, setProblems] = useState<Problems>({});
  const problemText = useFieldProblemText();
  const isNew = target === 'new';
  const editingSelf = target === me?.id;
  const ownRightsId = useId();
  const edit = useRecordEdit<UserForm, UserCreate | UserUpdate, AdminUser>({
    draftName: `user.${target}`,
    id: isNew ? null : target,
    blank: EMPTY,
    keep: keptOf,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/admin/users/{id}', { params: { path: { id } }, signal }),
      );
      return { form: formOf(data), tag };
    },
    send: ({ id, body, tag }) =>
      id === null
        ? unwrap(api.POST('/admin/users', { body: body as UserCreate }))
        : unwrap(
            api.PUT('/admin/users/{id}', { params: { path: { id }, header: ifMatch(tag) }, body }),
          ),
    savedMessage: () => (isNew ? t('success.userCreated') : t('success.userUpdated')),
    failureKey: 'errors.saveUser',
    fieldLabel: (field) => (field in LABELS ? t(LABELS[field as keyof UserForm]) : field),
    // A taken username or e-mail is said at its field alone, as the other forms say a refusal:
    // a notification besides would cover that very field on a phone.
    showAtField: (error) => {
      const taken: Problems = takenProblems(fieldsOf(error));
      setProblems(taken);
      if (edit.formRef.current) focusFirstProblem(edit.formRef.current, fieldOrder, taken);
      return Object.keys(taken).length > 0;
    },
    // The administrator edited their own account: the header shows the new name at once.
    afterSave: (saved) => {
      if (!me || saved.id !== me.id) return;
      actor.send({ type: 'user.updated', user: saved });
      // Moved themselves, as from the profile: the pages the router keeps load the new course's.
      if (saved.course_id !== me.course_id) void router.invalidate();
    },
    ...events,
  });
  const { form } = edit;
  // The course shown: the user's; for a new user the default one, where the server puts them.
  const course = courses
    ? learnerCourseOf(courses, form.course_id === '' ? null : Number(form.course_id))
    : null;
  // The course sent: one of the list, or a new user's default. A stored course the list lacks
  // (made since it was read) stays as it is, never swapped for the default shown in its place.
  const sentCourse =
    courses?.find((candidate) => String(candidate.id) === form.course_id) ??
    (isNew ? course : null);

  const set = <K extends keyof UserForm>(name: K, value: UserForm[K]) => {
    edit.change((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = {
      username: trimText(form.username),
      email: trimText(form.email),
      first_name: trimText(form.first_name),
      last_name: trimText(form.last_name),
    };
    const found: Problems = accountProblems(fields, { namesRequired: false });
    // Left empty, an edit keeps the current password.
    const passwordIssue = isNew || form.password !== '' ? newPasswordProblem(form.password) : null;
    if (passwordIssue) found.password = problemText(passwordIssue);
    setProblems(found);
    if (focusFirstProblem(formElement, fieldOrder, found)) return;
    const common = {
      ...fields,
      is_admin: form.is_admin,
      is_active: form.is_active,
      // Without a list of courses the field is not shown: the user stays where they are.
      ...(sentCourse ? { course_id: sentCourse.id } : {}),
    };
    const body: UserCreate | UserUpdate = isNew
      ? { ...common, password: form.password }
      : { ...common, ...(form.password ? { password: form.password } : {}) };
    edit.send({ type: 'user.save', body });
  };

  const title = isNew ? t('users.addTitle') : t('users.editTitle');
  return (
    <RecordEditModal
      edit={edit}
      kind="user"
      title={title}
      fieldLabel={(field) => t(LABELS[field as keyof UserForm])}
      onSubmit={save}
    >
      <div className={styles.formGrid}>
        <TextField
          label={t(LABELS.username)}
          required
          autoComplete="off"
          maxLength={USERNAME_MAX_LENGTH}
          name="username"
          value={form.username}
          onChange={(event) => set('username', event.target.value)}
          error={problemText(problems.username)}
        />
        <TextField
          label={t(LABELS.email)}
          type="email"
          required
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
          name="email"
          value={form.email}
          onChange={(event) => set('email', event.target.value)}
          error={problemText(problems.email)}
        />
        {inNameOrder(NAME_FIELDS, i18n.resolvedLanguage).map((name) => (
          <TextField
            key={name}
            label={t(LABELS[name])}
            name={name}
            maxLength={NAME_MAX_LENGTH}
            value={form[name]}
            onChange={(event) => set(name, event.target.value)}
            error={problemText(problems[name])}
          />
        ))}
        {courses && course && (
          <CourseSelectField
            courses={courses}
            label={t(LABELS.course_id)}
            hint={t('users.courseHint')}
            value={String(course.id)}
            onChange={(value) => set('course_id', value)}
          />
        )}
      </div>
      {editingSelf ? (
        // Set here, a new password would end this very session; the profile keeps it.
        <p className={styles.muted} data-testid="own-password-note">
          {t('users.ownPassword')} <Link to="/profile">{t('users.openProfile')}</Link>
        </p>
      ) : (
        <TextField
          label={t(LABELS.password)}
          type="password"
          autoComplete="new-password"
          required={isNew}
          hint={isNew ? undefined : t('users.passwordHint')}
          name="password"
          maxLength={PASSWORD_MAX_LENGTH}
          value={form.password}
          onChange={(event) => set('password', event.target.value)}
          error={problems.password}
        />
      )}
      <CheckboxField
        label={t(LABELS.is_admin)}
        checked={form.is_admin}
        disabled={editingSelf}
        aria-describedby={editingSelf ? ownRightsId : undefined}
        onChange={(event) => set('is_admin', event.target.checked)}
      />
      <CheckboxField
        label={t(LABELS.is_active)}
        checked={form.is_active}
        disabled={editingSelf}
        aria-describedby={editingSelf ? ownRightsId : undefined}
        onChange={(event) => set('is_active', event.target.checked)}
      />
      {editingSelf && (
        // The server refuses it too: an administrator locking themselves out leaves nobody to undo it.
        <p className={styles.muted} id={ownRightsId} data-testid="own-rights-note">
          {t('users.ownRights')}
        </p>
      )}
      <div className={modalActions}>
        <Button variant="secondary" onClick={edit.requestClose}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={edit.state.hasTag('status:saving')} disabled={edit.blocked}>
          {isNew ? t('actions.create') : t('actions.save')}
        </Button>
      </div>
    </RecordEditModal>
  );
}
