import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError, unwrap } from '../../api';
import { passwordProblem, useFieldProblemText } from '../../lib/account-fields';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { useFailureMessageIn } from '../../lib/failure-message';
import { Button } from '../../ui/button/Button';
import { Alert, Card } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { formStyles, TextField } from '../../ui/form/TextField';
import { Modal } from '../../ui/modal/Modal';
import { useNotify } from '../../ui/notifications/Notifications';
import { pageStyles } from '../../ui/page/PageHeader';
import * as styles from './profile.css';

/**
 * Sessions and the account itself: signing out on every device, and deleting the account
 * with everything it holds (confirmed with the password).
 */
export function AccountSection() {
  const { t } = useTranslation('profile');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const leave = useLeave();
  const { confirm, dialog } = useConfirm();
  const [signingOut, setSigningOut] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const signOutEverywhere = async () => {
    const confirmed = await confirm({
      title: t('account.everywhere.title'),
      message: t('account.everywhere.message'),
      confirmLabel: t('account.everywhere.confirm'),
      cancelLabel: t('account.cancel'),
    });
    if (!confirmed) return;
    notify.clear('profile.account');
    setSigningOut(true);
    try {
      await unwrap(api.POST('/auth/logout-all'));
      await leave();
      notify.success(t('account.everywhere.done'), 'profile.account');
    } catch (error) {
      notify.error(failure('account.everywhere.error', error), 'profile.account');
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <Card aria-labelledby="profile-account-title">
      <div className={styles.sectionHead}>
        <h2 id="profile-account-title" className={styles.sectionTitle}>
          {t('account.title')}
        </h2>
      </div>
      <p className={pageStyles.muted}>{t('account.everywhere.hint')}</p>
      <div className={styles.formActions}>
        <Button variant="outline" onClick={signOutEverywhere} loading={signingOut}>
          {t('account.everywhere.button')}
        </Button>
      </div>
      <p className={pageStyles.muted}>{t('account.delete.hint')}</p>
      <div className={styles.formActions}>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('account.delete.button')}
        </Button>
      </div>
      {dialog}
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} onDeleted={leave} />
    </Card>
  );
}

/** Ends the session in this browser and goes to the home page, as Log out in the menu does. */
function useLeave() {
  const { actor } = useAuth();
  const navigate = useNavigate();
  return async () => {
    await navigate({ to: '/' });
    actor.send({ type: 'user.logout' });
  };
}

function DeleteAccountDialog({
  open,
  onClose,
  onDeleted,
}: {
  open: boolean;
  onClose: () => void;
  onDeleted: () => Promise<void>;
}) {
  const { t } = useTranslation('profile');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const problemText = useFieldProblemText();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    if (sending) return;
    setPassword('');
    setProblem(undefined);
    setRefusal(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.querySelector('input');
    const missing = problemText(passwordProblem(password));
    setProblem(missing);
    setRefusal(null);
    if (missing) {
      field?.focus();
      return;
    }
    setSending(true);
    try {
      await unwrap(api.DELETE('/user/account', { body: { password } }));
      setSending(false);
      setPassword('');
      onClose();
      await onDeleted();
      notify.success(t('account.delete.done'), 'profile.account');
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 400) {
        setProblem(t('account.delete.wrongPassword'));
        field?.focus();
      } else {
        // The last administrator, too many attempts, no connection: said in the dialog.
        setRefusal(failure('account.delete.error', error));
      }
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('account.delete.title')}
      description={t('account.delete.message')}
    >
      <form onSubmit={submit} noValidate className={formStyles.stack}>
        {refusal && <Alert>{refusal}</Alert>}
        <TextField
          label={t('account.delete.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          error={problem}
          onChange={(event) => {
            setPassword(event.target.value);
            setProblem(undefined);
          }}
        />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={close} disabled={sending}>
            {t('account.cancel')}
          </Button>
          <Button type="submit" variant="danger" loading={sending}>
            {t('account.delete.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
