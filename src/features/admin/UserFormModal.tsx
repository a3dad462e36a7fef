import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { fieldOf, unwrap } from '../../api';
import {
  accountProblems,
  focusFirstProblem,
  takenProblems,
  trimText,
  useFieldProblemText,
  type AccountProblems,
} from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { TextField } from '../../ui/form/TextField';
import { Modal, modalActions } from '../../ui/modal/Modal';
import type { AdminUser, UserCreate, UserUpdate } from './admin-api';
import * as styles from './admin.css';
import { useDiscardGuard } from './use-discard-guard';
import { useAdminTask, useFailureMessage } from './use-admin-task';

interface UserForm {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  is_admin: boolean;
  is_active: boolean;
}

const EMPTY: UserForm = {
  username: '',
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  is_admin: false,
  is_active: true,
};

const formOf = (user: AdminUser | 'new' | null): UserForm =>
  user && user !== 'new'
    ? {
        username: user.username,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        password: '',
        is_admin: user.is_admin,
        is_active: user.is_active,
      }
    : EMPTY;

type Problems = AccountProblems & { password?: string };
const FIELD_ORDER: (keyof Problems)[] = [
  'username',
  'email',
  'first_name',
  'last_name',
  'password',
];

/** Add or edit a user: username and e-mail required, names optional, admin and active flags. */
export function UserFormModal({
  user,
  onClose,
  onSaved,
}: {
  user: AdminUser | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { user: me, actor } = useAuth();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const [form, setForm] = useState<UserForm>(() => formOf(user));
  const [problems, setProblems] = useState<Problems>({});
  const problemText = useFieldProblemText();
  const isNew = user === 'new';
  const editingSelf = user !== 'new' && user !== null && user.id === me?.id;
  const { requestClose, dialog: discardDialog } = useDiscardGuard(
    user !== null,
    JSON.stringify(form) !== JSON.stringify(formOf(user)),
    onClose,
  );

  useEffect(() => {
    setForm(formOf(user));
    setProblems({});
  }, [user]);

  const set = <K extends keyof UserForm>(name: K, value: UserForm[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setProblems((current) => ({ ...current, [name]: undefined }));
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const fields = {
      username: trimText(form.username),
      email: trimText(form.email),
      first_name: trimText(form.first_name),
      last_name: trimText(form.last_name),
    };
    const found: Problems = accountProblems(fields, { namesRequired: false });
    if (isNew && !form.password) found.password = t('validation.required');
    setProblems(found);
    if (focusFirstProblem(formElement, FIELD_ORDER, found)) return;

    const common = { ...fields, is_admin: form.is_admin, is_active: form.is_active };
    const result = await run(
      'save',
      () => {
        if (user === 'new' || user === null) {
          const body: UserCreate = { ...common, password: form.password };
          return unwrap(api.POST('/admin/users', { body }));
        }
        const body: UserUpdate = {
          ...common,
          ...(form.password ? { password: form.password } : {}),
        };
        return unwrap(api.PUT('/admin/users/{id}', { params: { path: { id: user.id } }, body }));
      },
      {
        success: () => (isNew ? t('success.userCreated') : t('success.userUpdated')),
        error: (error) => failure('errors.saveUser', error),
      },
    );
    if (!result.ok) {
      const taken: Problems = takenProblems(fieldOf(result.error));
      setProblems(taken);
      focusFirstProblem(formElement, FIELD_ORDER, taken);
      return;
    }
    // The administrator edited their own account: the header shows the new name at once.
    if (result.value.id === me?.id) actor.send({ type: 'user.updated', user: result.value });
    onSaved();
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && requestClose()}
      title={isNew ? t('users.addTitle') : t('users.editTitle')}
    >
      <form
        onSubmit={save}
        noValidate
        className={styles.formStack}
        aria-label={isNew ? t('users.addTitle') : t('users.editTitle')}
      >
        <div className={styles.formGrid}>
          <TextField
            label={t('users.username')}
            required
            autoComplete="off"
            name="username"
            value={form.username}
            onChange={(event) => set('username', event.target.value)}
            error={problemText(problems.username)}
          />
          <TextField
            label={t('users.email')}
            type="email"
            required
            autoComplete="off"
            name="email"
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
            error={problemText(problems.email)}
          />
          <TextField
            label={t('users.firstName')}
            name="first_name"
            value={form.first_name}
            onChange={(event) => set('first_name', event.target.value)}
            error={problemText(problems.first_name)}
          />
          <TextField
            label={t('users.lastName')}
            name="last_name"
            value={form.last_name}
            onChange={(event) => set('last_name', event.target.value)}
            error={problemText(problems.last_name)}
          />
        </div>
        {editingSelf ? (
          // Set here, a new password would end this very session; the profile keeps it.
          <p className={styles.muted} data-testid="own-password-note">
            {t('users.ownPassword')}{' '}
            <Link to="/profile" onClick={onClose}>
              {t('users.openProfile')}
            </Link>
          </p>
        ) : (
          <TextField
            label={t('users.password')}
            type="password"
            autoComplete="new-password"
            required={isNew}
            hint={isNew ? undefined : t('users.passwordHint')}
            name="password"
            value={form.password}
            onChange={(event) => set('password', event.target.value)}
            error={problems.password}
          />
        )}
        <CheckboxField
          label={t('users.isAdmin')}
          checked={form.is_admin}
          onChange={(event) => set('is_admin', event.target.checked)}
        />
        <CheckboxField
          label={t('users.isActive')}
          checked={form.is_active}
          onChange={(event) => set('is_active', event.target.checked)}
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
