import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/card/Card';
import { PageHeader } from '../../ui/page/PageHeader';

/** Placeholder of the training area; its screens are built on this route. */
export function TrainingPage() {
  const { t } = useTranslation('training');
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Card>
        <p>{t('shell.comingSoon')}</p>
      </Card>
    </>
  );
}
