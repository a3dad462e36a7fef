import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureReason } from '../../lib/failure-message';
import { Button } from '../../ui/button/Button';
import { ErrorCard } from '../../ui/card/Card';
import { PageHeader } from '../../ui/page/PageHeader';
import { FiltersBar, type QuestionsFilter } from './QuestionsPage';

/**
 * The questions page could not load: the search and topic stay above an error card with the
 * reason and Try again, so a search that failed mid-typing can be corrected or sent again.
 */
export function QuestionsError({
  error,
  search,
  topicId,
  onFilterChange,
}: Pick<ErrorComponentProps, 'error'> & {
  search: string;
  topicId: number | null;
  onFilterChange: (filter: QuestionsFilter) => void;
}) {
  const { t } = useTranslation('questions');
  const router = useRouter();
  const reasonOf = useFailureReason();
  const filters = useRef<HTMLDivElement>(null);
  // This card took the list's place: the search box the learner was typing in went with it.
  useEffect(() => {
    if (document.activeElement === document.body) {
      filters.current?.querySelector<HTMLInputElement>('input')?.focus();
    }
  }, []);
  return (
    <>
      <PageHeader title={t('title')} />
      <FiltersBar
        search={search}
        topicId={topicId}
        topics={undefined}
        onFilterChange={onFilterChange}
        barRef={filters}
      />
      <ErrorCard title={t('loadError')} message={reasonOf(error) ?? t('common:error.generic')}>
        <Button variant="secondary" onClick={() => void router.invalidate()}>
          {t('common:actions.retry')}
        </Button>
      </ErrorCard>
    </>
  );
}
