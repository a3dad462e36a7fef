import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { LANGUAGE_TAGS, toLanguage } from '../../i18n/config';
import { useDateFormats } from '../../i18n/dates';
import { useApi } from '../../lib/api-context';
import { useFailureMessageIn } from '../../lib/failure-message';
import {
  clearKeptCourse,
  keepCourseOnDevice,
  keptCourseBytes,
  readKeptCourse,
  type KeptCourse,
  useCanKeepCourse,
} from '../../lib/offline-course';
import { Button } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { Facts } from '../../ui/facts/Facts';
import { useNotify } from '../../ui/notifications/Notifications';
import { pageStyles } from '../../ui/page/PageHeader';
import * as styles from './profile.css';

/** A size as the interface language writes it: 850 KB, 12.4 MB. */
function formatBytes(bytes: number, tag: string): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [bytes / 1_000, 'kilobyte'];
  return new Intl.NumberFormat(tag, { style: 'unit', unit, maximumFractionDigits: 1 }).format(
    value,
  );
}

/**
 * Offline: keeps the learner's course (questions, progress, photos) on this device for training
 * with no connection, shows the room it takes, and clears it. The app itself is kept anyway by
 * the service worker; where there is none (an old browser, a private window) it says so.
 */
export function OfflineSection({ userId }: { userId: number }) {
  const { t, i18n } = useTranslation('profile');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessageIn('profile');
  const tag = LANGUAGE_TAGS[toLanguage(i18n.resolvedLanguage)];
  const { dateTime } = useDateFormats();
  const available = useCanKeepCourse();
  const [kept, setKept] = useState<KeptCourse | null>(() => readKeptCourse(userId));
  const [bytes, setBytes] = useState<number | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [clearing, setClearing] = useState(false);

  const measure = useCallback(() => {
    keptCourseBytes().then(setBytes, () => setBytes(null));
  }, []);
  useEffect(() => {
    if (available) measure();
  }, [available, measure]);

  const download = async () => {
    notify.clear('profile.offline');
    setProgress({ done: 0, total: 0 });
    try {
      const course = await keepCourseOnDevice(api, userId, (done, total) =>
        setProgress({ done, total }),
      );
      setKept(course);
      notify.success(t('offline.done', { count: course.questions }), 'profile.offline');
    } catch (error) {
      notify.error(failure('offline.error', error), 'profile.offline');
    } finally {
      setProgress(null);
      measure();
    }
  };

  const clear = async () => {
    notify.clear('profile.offline');
    setClearing(true);
    try {
      await clearKeptCourse(userId);
      setKept(null);
      notify.success(t('offline.cleared'), 'profile.offline');
    } finally {
      setClearing(false);
      measure();
    }
  };

  return (
    <Card aria-labelledby="profile-offline-title" data-testid="offline-section">
      <div className={styles.sectionHead}>
        <h2 id="profile-offline-title" className={styles.sectionTitle}>
          {t('offline.title')}
        </h2>
      </div>
      {!available ? (
        <p className={pageStyles.muted}>{t('offline.unavailable')}</p>
      ) : (
        <>
          <p className={pageStyles.muted}>{t('offline.hint')}</p>
          <Facts
            items={[
              {
                term: t('offline.size'),
                value: (
                  <span data-testid="offline-size">
                    {bytes === null ? t('offline.measuring') : formatBytes(bytes, tag)}
                  </span>
                ),
              },
              {
                term: t('offline.kept'),
                value: (
                  <span data-testid="offline-kept">
                    {kept
                      ? t('offline.keptWhat', {
                          questions: kept.questions,
                          photos: kept.photos,
                          date: dateTime(new Date(kept.savedAt)),
                        })
                      : t('offline.notKept')}
                  </span>
                ),
              },
            ]}
          />
          {progress && (
            <p className={pageStyles.muted} role="status" data-testid="offline-progress">
              {t('offline.progress', { done: progress.done, total: progress.total })}
            </p>
          )}
          <div className={styles.formActions}>
            <Button onClick={download} loading={progress !== null}>
              {kept ? t('offline.update') : t('offline.download')}
            </Button>
            <Button
              variant="outline"
              onClick={clear}
              loading={clearing}
              disabled={progress !== null || bytes === 0}
            >
              {t('offline.clear')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
