import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/button/Button';
import { Alert } from '../../ui/card/Card';
import { TextField } from '../../ui/form/TextField';
import { AuthLinks } from './AuthLinks';
import { useAuthFailure } from './use-auth-failure';
import * as styles from './auth.css';

/** Login: username (or e-mail) and password; the guard sends a signed-in user to /dashboard. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { actor, error, loading } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  useEffect(() => {
    // An ended session brought the learner here and stays said until the next sign-in.
    if (actor.getSnapshot().context.error?.kind !== 'session') {
      actor.send({ type: 'user.clearError' });
    }
  }, [actor]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'user.login', credentials: { username: username.trim(), password } });
  };

  const loginError = useAuthFailure('login');
  const sessionEnded = error?.kind === 'session';

  return (
    <div className={styles.wrap}>
      <div className={styles.panel}>
        <h1 className={styles.title}>{t('login.title')}</h1>
        <p className={styles.subtitle}>{t('login.subtitle')}</p>
        {loginError && <Alert>{loginError}</Alert>}
        {sessionEnded && <Alert tone="warning">{t('sessionEnded')}</Alert>}
        <form className={styles.form} onSubmit={submit} aria-label={t('login.title')}>
          <TextField
            label={t('fields.usernameOrEmail')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
            autoFocus
          />
          <TextField
            label={t('fields.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <Button type="submit" size="lg" fullWidth loading={loading}>
            {loading ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
        <p className={styles.switchText}>
          {t('login.noAccount')} <Link to="/register">{t('login.registerLink')}</Link>
        </p>
        <AuthLinks />
      </div>
    </div>
  );
}
