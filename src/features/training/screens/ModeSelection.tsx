import { useTranslation } from '../../../i18n/react';
import { TRAINING_MODES } from '../../../../machines/training.types';
import { useCountTexts } from '../../../i18n/counts';
import { Button } from '../../../ui/button/Button';
import { Card } from '../../../ui/card/Card';
import { EmptyCourseNotice } from '../../../ui/card/EmptyCourseNotice';
import { Icon } from '../../../ui/icons/Icon';
import { PageHeader, pageStyles } from '../../../ui/page/PageHeader';
import { modeFactTexts } from '../mode-facts';
import * as styles from '../training.css';
import { AlertBanner, MODE_ICONS, type TrainingScreenProps } from './common';

/** The mode cards: each mode's name, what it does, and the way into it. */
export function ModeSelection({ actor, navigation, facts }: TrainingScreenProps) {
  const { t } = useTranslation('training');
  const counts = useCountTexts();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AlertBanner actor={actor} />
      {facts.bankEmpty && <EmptyCourseNotice className={styles.emptyCourse} />}
      <ul className={styles.modeGrid} aria-label={t('selection.label')}>
        {TRAINING_MODES.map((mode) => (
          <li key={mode}>
            <Card
              as="article"
              className={styles.modeCard}
              data-testid={`mode-${mode}`}
              aria-labelledby={`mode-${mode}-title`}
            >
              <span className={pageStyles.icon}>
                <Icon path={MODE_ICONS[mode]} size={26} />
              </span>
              <h2 id={`mode-${mode}-title`} className={styles.cardTitle}>
                {t(`modes.${mode}.title`)}
              </h2>
              <p className={pageStyles.muted}>
                {t(`modes.${mode}.description`, modeFactTexts(mode, facts, counts))}
              </p>
              <Button
                variant="outline"
                fullWidth
                className={styles.cardButton}
                onClick={() => navigation.open({ mode })}
                // Named by its mode too, so a list of the page's buttons tells them apart; in
                // each language's word order (Korean puts the mode before the verb).
                aria-label={t('selection.named', {
                  action: t('selection.choose'),
                  name: t(`modes.${mode}.title`),
                })}
              >
                {t('selection.choose')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
