import { Link, useRouter } from '@tanstack/react-router';
import { noAnswerOf } from '../../api/errors';
import { loadNamespaces, StringsUnavailableError } from '../../i18n/load';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { buttonClass } from '../button/Button';
import { isCodeLoadFailure } from './code-load-failure';
import * as styles from './layout.css';

/** 'Loading...' while the session is restored or a page loads. */
export function LoadingScreen() {
  const { t } = useTranslation('common');
  return (
    <div className={cx(styles.centered, styles.pageLoading)} role="status" aria-live="polite">
      <p>{t('loading')}</p>
    </div>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation('common');
  return (
    <div className={styles.centered}>
      <div>
        <p
          className={styles.footerMuted}
          aria-hidden="true"
          style={{ fontSize: '3.5rem', fontWeight: 800 }}
        >
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <Link to="/" className={buttonClass()}>
          {t('notFound.home')}
        </Link>
      </div>
    </div>
  );
}

/** The generic fallback: 'Unexpected Application Error!', or 'This page could not be loaded'. */
export function ErrorScreen({ error, reset }: { error?: unknown; reset?: () => void }) {
  const { t, i18n } = useTranslation('common');
  const router = useRouter();
  const stringsUnavailable = error instanceof StringsUnavailableError;
  const codeUnavailable = isCodeLoadFailure(error);
  // No answer from the server (the page's data, strings or code): said as such, in words.
  const noAnswer = stringsUnavailable || codeUnavailable ? 'network' : noAnswerOf(error);
  const message = error instanceof Error ? error.message : null;
  // A failed loader stays failed until the router loads the page again; the strings a component
  // asked for itself are fetched again first, and code that failed only comes with a reload.
  const retry = async () => {
    if (codeUnavailable) {
      window.location.reload();
      return;
    }
    if (stringsUnavailable) await loadNamespaces(i18n, error.namespaces).catch(() => undefined);
    await router.invalidate();
    reset?.();
  };
  return (
    <div className={styles.centered} role="alert">
      <div>
        <h1>{t(noAnswer ? 'error.unreachableTitle' : 'error.title')}</h1>
        <p>{t(noAnswer ? `error.${noAnswer}` : 'error.text')}</p>
        {!noAnswer && message && <p className={styles.footerMuted}>{message}</p>}
        <div style={{ display: 'flex', gap: '0.5rem', justifyContent: 'center', flexWrap: 'wrap' }}>
          {reset && (
            <button
              type="button"
              className={buttonClass({ variant: 'secondary' })}
              onClick={() => void retry()}
            >
              {t('actions.retry')}
            </button>
          )}
          <a href="/" className={buttonClass()}>
            {t('notFound.home')}
          </a>
        </div>
      </div>
    </div>
  );
}
