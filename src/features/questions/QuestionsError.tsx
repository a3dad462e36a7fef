import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useFailureReason } from '../../lib/failure-message';
import { Button } from '../../ui/button/Button';
import { ErrorCard } from '../../ui/card/Card';
import { PageHeader } from '../../ui/page/PageHeader';

/** The questions could not be loaded: the reason, and Try again. */
export function QuestionsLoadFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('questions');
  const router = useRouter();
  const reasonOf = useFailureReason();
  return (
    <ErrorCard title={t('loadError')} message={reasonOf(error) ?? t('common:error.generic')}>
      <Button variant="secondary" onClick={() => void router.invalidate()}>
        {t('common:actions.retry')}
      </Button>
    </ErrorCard>
  );
}

/**
 * The questions page failed in a way its own error card does not cover (a refused request is
 * shown under the search box by the page itself).
 */
export function QuestionsError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('questions');
  return (
    <>
      <PageHeader title={t('title')} />
      <QuestionsLoadFailure error={error} />
    </>
  );
}
