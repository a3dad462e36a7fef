import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { reviewOf } from '../../../machines/exam.selectors';
import { isAnswerNumber } from '../../../machines/question-grading';
import { answerKeyOf } from '../../../domain/answers';
import { unwrap, type ApiClient, type ExamResultSummary, type ExamReview } from '../../api';
import { useApi } from '../../lib/api-context';
import { WITH_ORIGINAL } from '../../lib/question-languages';
import { useFailureReason } from '../../lib/failure-message';
import { usePromise } from '../../lib/use-remote';
import { Button } from '../../ui/button/Button';
import { Alert, Notice } from '../../ui/card/Card';
import { Modal } from '../../ui/modal/Modal';
import { pageStyles } from '../../ui/page/PageHeader';
import { ReviewList } from '../../ui/question/ReviewCard';
import { useResultScoreText } from './result-score';

function fetchReview(api: ApiClient, id: number): Promise<ExamReview> {
  return unwrap(
    api.GET('/exams/results/{id}/review', { params: { path: { id }, query: WITH_ORIGINAL } }),
  );
}

/** The review of an exam taken before, as a dialog over the dashboard. */
export default function PastExamReview({
  exam,
  when,
  onClose,
}: {
  exam: ExamResultSummary;
  /** When it was taken, as the list shows it. */
  when: string;
  onClose: () => void;
}) {
  // The review's cards speak the exam's strings: loading them here, before the dialog mounts,
  // keeps it from being hidden and shown again (losing its focus) when they arrive.
  const { t } = useTranslation(['dashboard', 'exam']);
  const scoreText = useResultScoreText();
  const api = useApi();
  const reasonOf = useFailureReason();
  const [request, setRequest] = useState<Promise<ExamReview> | null>(null);
  // Asked for once the dialog is shown, not while it is drawn: React may throw a drawing away
  // (a navigation's transition interrupted) and draw the dialog again, which asked twice.
  const load = useCallback(() => setRequest(fetchReview(api, exam.id)), [api, exam.id]);
  useEffect(load, [load]);
  const remote = usePromise(request);
  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={t('recent.reviewTitle', { date: when })}
      // Its verdict with its figures, as the list beside it says it.
      description={`${scoreText(exam)} · ${exam.passed ? t('recent.passed') : t('recent.failed')}`}
      footer={<Button onClick={onClose}>{t('recent.close')}</Button>}
    >
      {remote.status === 'loading' && (
        <p className={pageStyles.muted} role="status">
          {t('common:loading')}
        </p>
      )}
      {remote.status === 'error' && (
        <Notice
          tone="error"
          text={reasonOf(remote.error) ?? t('recent.loadFailed')}
          testId="past-review-error"
        >
          <Button size="sm" variant="secondary" onClick={load}>
            {t('common:actions.retry')}
          </Button>
        </Notice>
      )}
      {remote.data && <PastReview review={remote.data} />}
    </Modal>
  );
}

function PastReview({ review }: { review: ExamReview }) {
  const { t } = useTranslation('dashboard');
  const graded = new Map(review.result.answers.map((answer) => [answer.question_id, answer]));
  // Marked and graded as the result was (its stored right answers and grades), not by today's
  // answer key: an administrator's later correction changes the bank, never a past exam. The
  // card says so beside today's explanation, which may argue for the new key.
  const questions = review.questions.map((question) => {
    const answer = graded.get(question.id);
    return answer ? { ...question, right_answers: answer.correct_answers.join(',') } : question;
  });
  const keysNow = new Map(
    review.questions.map((question) => [question.id, answerKeyOf(question.right_answers)]),
  );
  const items = reviewOf(
    questions,
    questions.map(
      (question) => graded.get(question.id)?.selected_answers.filter(isAnswerNumber) ?? [],
    ),
    questions.map((question) => graded.get(question.id)?.is_extra === true),
    questions.map((question) => graded.get(question.id)?.is_correct),
  ).map((item) => {
    const now = keysNow.get(item.question.id) ?? [];
    return now.join(',') === answerKeyOf(item.question.right_answers).join(',')
      ? item
      : { ...item, rightNow: now };
  });
  const gone = review.result.answers.length - review.questions.length;
  return (
    <>
      {gone > 0 && <Alert tone="info">{t('recent.gone', { count: gone })}</Alert>}
      {/* Under the dialog's own h2 title. */}
      <ReviewList items={items} heading="h3" />
    </>
  );
}
