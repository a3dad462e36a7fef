import { useDateFormats } from '../../i18n/dates';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ExamResultSummary } from '../../api';
import { Button } from '../../ui/button/Button';
import { Badge, Card } from '../../ui/card/Card';
import * as styles from './dashboard.css';
import { examsOldestFirst } from './dashboard-data';
import { useResultScoreText } from './result-score';

// Its code (the dialog and the review's cards) comes when a review is first asked for.
const PastExamReview = lazy(() => import('./PastExamReview'));

/** How many of the latest exams the list shows. */
const SHOWN = 5;

/**
 * The latest exams, newest first, each with its score and verdict and a button that opens its
 * review: the questions as they were answered, the right answers and the explanations.
 */
export function RecentExams({
  history,
  reviewId,
}: {
  history: ExamResultSummary[];
  /** The exam whose review is open (`?review=` of /dashboard), or null. */
  reviewId: number | null;
}) {
  const { t } = useTranslation('dashboard');
  const scoreText = useResultScoreText();
  const { dateTime, dateTimeSeconds } = useDateFormats();
  const navigate = useNavigate({ from: '/dashboard' });
  const router = useRouter();
  // Opened here, the review is an entry of the tab's history that Back (a phone's back gesture)
  // closes; closing it otherwise goes back the same way. One opened by a reload or a link has
  // no entry before it to go back to, and is closed in place.
  const openedHere = useRef(false);
  const review = (exam: ExamResultSummary) => {
    openedHere.current = true;
    void navigate({ search: (previous) => ({ ...previous, review: exam.id }) });
  };
  const closeReview = () => {
    if (openedHere.current) {
      openedHere.current = false;
      router.history.back();
    } else {
      void navigate({ search: (previous) => ({ ...previous, review: undefined }), replace: true });
    }
  };
  const reviewed = history.find((exam) => exam.id === reviewId) ?? null;
  if (history.length === 0) return null;
  const latest = examsOldestFirst(history).reverse().slice(0, SHOWN);
  // Said apart from its neighbours: two exams of one minute differ in the seconds, and the
  // score says which is which; exams alike in both (results kept offline and sent together)
  // are numbered, the oldest first.
  const names = latest.map((exam) =>
    t('recent.reviewOf', {
      date: dateTimeSeconds(new Date(exam.created_at)),
      score: scoreText(exam),
    }),
  );
  const reviewName = (index: number) => {
    const name = names[index] ?? '';
    const alike = names.flatMap((other, at) => (other === name ? [at] : []));
    if (alike.length < 2) return name;
    const n = alike.length - alike.indexOf(index);
    return t('recent.reviewOfRepeated', { name, n, total: alike.length });
  };
  return (
    <>
      <h2 className={styles.sectionTitle} id="recent-exams">
        {t('recent.title')}
      </h2>
      <Card>
        <ul className={styles.recentList} aria-labelledby="recent-exams">
          {latest.map((exam, index) => (
            <li key={exam.id} className={styles.recentItem} data-testid="recent-exam">
              <span className={styles.recentWhen}>{dateTime(new Date(exam.created_at))}</span>
              <span className={styles.recentScore}>{scoreText(exam)}</span>
              <Badge className={exam.passed ? styles.recentPassed : styles.recentFailed}>
                {exam.passed ? t('recent.passed') : t('recent.failed')}
              </Badge>
              {exam.over_time === true && (
                <span data-testid="recent-over-time">
                  <Badge className={styles.recentFailed}>{t('recent.overTime')}</Badge>
                </span>
              )}
              {/* Its figures are of the questions asked up to the failing mistake. */}
              {exam.ended_early === true && (
                <span data-testid="recent-ended-early">
                  <Badge className={styles.recentFailed}>{t('recent.endedEarly')}</Badge>
                </span>
              )}
              <Button
                size="sm"
                variant="outline"
                onClick={() => review(exam)}
                aria-label={reviewName(index)}
              >
                {t('recent.review')}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      {reviewed && (
        <Suspense fallback={null}>
          <PastExamReview
            exam={reviewed}
            when={dateTime(new Date(reviewed.created_at))}
            onClose={closeReview}
          />
        </Suspense>
      )}
    </>
  );
}
