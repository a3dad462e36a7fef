import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useFailureReason } from '../../lib/failure-message';
import { Button } from '../../ui/button/Button';
import { ErrorCard } from '../../ui/card/Card';
import { PageHeader } from '../../ui/page/PageHeader';

/** The questions page could not load: an error card with the message. */
export function QuestionsError({ error }: ErrorComponentProps) {
  const { t } = useTranslation('questions');
  const router = useRouter();
  const reasonOf = useFailureReason();
  return (
    <>
      <PageHeader title={t('title')} />
      <ErrorCard title={t('loadError')} message={reasonOf(error) ?? t('common:error.generic')}>
        <Button variant="secondary" onClick={() => void router.invalidate()}>
          {t('common:actions.retry')}
        </Button>
      </ErrorCard>
    </>
  );
}
