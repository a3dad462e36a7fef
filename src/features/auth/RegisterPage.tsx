import { Link } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/button/Button';
import { Alert } from '../../ui/card/Card';
import { TextField } from '../../ui/form/TextField';
import { AuthLinks } from './AuthLinks';
import * as styles from './auth.css';

const EMPTY = { first_name: '', last_name: '', username: '', email: '', password: '' };
type RegisterForm = typeof EMPTY;

/** Registration: five required fields; success signs in and the guard moves on to /dashboard. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { actor, error, loading } = useAuth();
  const [form, setForm] = useState<RegisterForm>(EMPTY);

  useEffect(() => {
    actor.send({ type: 'user.clearError' });
  }, [actor]);

  const field = (name: keyof RegisterForm) => ({
    name,
    value: form[name],
    required: true,
    onChange: (event: { target: { value: string } }) =>
      setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({
      type: 'user.register',
      details: {
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        username: form.username.trim(),
        email: form.email.trim(),
        password: form.password,
      },
    });
  };

  const registerError = error?.kind === 'register' ? (error.detail ?? t('registerFailed')) : null;

  return (
    <div className={styles.wrap}>
      <div className={`${styles.panel} ${styles.wide}`}>
        <h1 className={styles.title}>{t('register.title')}</h1>
        <p className={styles.subtitle}>{t('register.subtitle')}</p>
        {registerError && <Alert>{registerError}</Alert>}
        <form className={styles.form} onSubmit={submit} aria-label={t('register.title')}>
          <div className={styles.pair}>
            <TextField
              label={t('fields.firstName')}
              autoComplete="given-name"
              autoFocus
              {...field('first_name')}
            />
            <TextField
              label={t('fields.lastName')}
              autoComplete="family-name"
              {...field('last_name')}
            />
          </div>
          <TextField label={t('fields.username')} autoComplete="username" {...field('username')} />
          <TextField
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
          />
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
