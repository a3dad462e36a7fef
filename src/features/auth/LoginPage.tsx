import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { isTooLong } from '../../../domain/text';
import {
  EMAIL_MAX_LENGTH,
  focusFirstProblem,
  passwordProblem,
  useFieldProblemText,
  type FieldProblem,
} from '../../lib/account-fields';
import { useAuth } from '../../lib/auth';
import { useRegistrationOpen } from '../../lib/site-settings';
import { Button } from '../../ui/button/Button';
import { Alert } from '../../ui/card/Card';
import { TextField } from '../../ui/form/TextField';
import { AuthLinks } from './AuthLinks';
import { useAuthFailure } from './use-auth-failure';
import { useGuestDraft } from './use-guest-draft';
import * as styles from './auth.css';

type LoginField = 'username' | 'password';
const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];
const EMPTY: Record<LoginField, string> = { username: '', password: '' };
// Brought back after a reload; the password never leaves the form.
const KEPT: readonly LoginField[] = ['username'];

/** Login: username (or e-mail) and password; the guard sends a signed-in user to /dashboard. */
export function LoginPage({ sentFromPage = false }: { sentFromPage?: boolean }) {
  const { t } = useTranslation('auth');
  const { actor, error, loading } = useAuth();
  const registrationOpen = useRegistrationOpen();
  const { values, set } = useGuestDraft('login', EMPTY, KEPT);
  const { username, password } = values;
  const [problems, setProblems] = useState<Partial<Record<LoginField, FieldProblem>>>({});
  const problemText = useFieldProblemText();

  useEffect(() => {
    // An ended session (or a deactivated account's), or a server out of reach when the page was
    // loaded, brought the learner here and stays said until the next sign-in; an earlier
    // visit's failed login does not.
    const { error: earlier } = actor.getSnapshot().context;
    if (earlier?.kind !== 'session' && earlier?.kind !== 'deactivated' && !earlier?.unreachable) {
      actor.send({ type: 'user.clearError' });
    }
  }, [actor]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Worded under each field in the interface language, not by the browser in its own.
    const found: Partial<Record<LoginField, FieldProblem>> = {};
    // A username or an e-mail address, as long as the longest an account can have.
    if (username.trim() === '') found.username = { code: 'required' };
    else if (isTooLong(username.trim(), EMAIL_MAX_LENGTH))
      found.username = { code: 'tooLong', max: EMAIL_MAX_LENGTH };
    const passwordFault = passwordProblem(password);
    if (passwordFault) found.password = passwordFault;
    setProblems(found);
    if (focusFirstProblem(event.currentTarget, LOGIN_FIELDS, found)) {
      // The last try's failure is not this one's: the field's message says what is wrong now.
      if (error?.kind === 'login') actor.send({ type: 'user.clearError' });
      return;
    }
    actor.send({ type: 'user.login', credentials: { username: username.trim(), password } });
  };

  const loginError = useAuthFailure('login');
  const sessionEnded = error?.kind === 'session';
  const deactivated = error?.kind === 'deactivated';

  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {loginError && <Alert>{loginError}</Alert>}
        {sessionEnded && <Alert tone="warning">{t('sessionEnded')}</Alert>}
        {deactivated && <Alert tone="warning">{t('sessionDeactivated')}</Alert>}
        {sentFromPage && !sessionEnded && !deactivated && (
          <Alert tone="info">{t('login.toContinue')}</Alert>
        )}
        <form className={styles.form} onSubmit={submit} noValidate aria-label={t('login.title')}>
          <TextField
            label={t('fields.usernameOrEmail')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => {
              set('username', event.target.value);
              setProblems((current) => ({ ...current, username: undefined }));
            }}
            error={problemText(problems.username)}
            required
            autoFocus
          />
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              set('password', event.target.value);
              setProblems((current) => ({ ...current, password: undefined }));
            }}
            error={problemText(problems.password)}
            required
          />
          <Button type="submit" size="lg" fullWidth loading={loading}>
            {loading ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        {registrationOpen && (
          <p className={styles.switchText}>
            {t('login.noAccount')} <Link to="/register">{t('login.registerLink')}</Link>
          </p>
        )}
        <AuthLinks />
      </div>
    </div>
  );
}
