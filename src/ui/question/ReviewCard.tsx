import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ReviewItem } from '../../../machines/exam.selectors';
import { cx } from '../../lib/cx';
import { Button } from '../button/Button';
import { Alert, Card } from '../card/Card';
import { pageStyles } from '../page/PageHeader';
import {
  AnswerOptions,
  QuestionPhoto,
  questionStyles,
  type AnswerOptionLabels,
} from './AnswerOptions';
import * as styles from './review.css';
import { BookmarkButton } from './BookmarkButton';
import { QuestionInLanguages } from './QuestionInLanguages';

/** The words beside a marked answer: right, wrong, or a right one not picked. */
export function useMarkLabels(): AnswerOptionLabels {
  const { t } = useTranslation('exam');
  return { right: t('marks.right'), wrong: t('marks.wrong'), missed: t('marks.missed') };
}

/** The level of a review card's heading: under the page's h1, or a dialog's h2. */
type CardHeading = 'h2' | 'h3';

/**
 * An exam's review: each question's card, in the exam's order. Forty cards are a long scroll,
 * so when some answers were wrong and some right, the mistakes can be shown alone.
 */
export function ReviewList({
  items,
  heading = 'h2',
}: {
  items: readonly ReviewItem[];
  heading?: CardHeading;
}) {
  const { t } = useTranslation('exam');
  const [onlyMistakes, setOnlyMistakes] = useState(false);
  const mistakes = items.filter((item) => !item.isCorrect);
  const canFilter = mistakes.length > 0 && mistakes.length < items.length;
  const shown = canFilter && onlyMistakes ? mistakes : items;
  const choice = (mistakesOnly: boolean, label: string) => (
    <Button
      size="sm"
      variant={onlyMistakes === mistakesOnly ? 'primary' : 'outline'}
      aria-pressed={onlyMistakes === mistakesOnly}
      onClick={() => setOnlyMistakes(mistakesOnly)}
    >
      {label}
    </Button>
  );
  return (
    <>
      {canFilter && (
        <div role="group" aria-label={t('review.show')} className={styles.reviewFilter}>
          {choice(false, t('review.showAll', { n: items.length }))}
          {choice(true, t('review.showMistakes', { n: mistakes.length }))}
        </div>
      )}
      <ol className={styles.reviewList}>
        {shown.map((item) => (
          <li key={item.question.id}>
            <ReviewCard item={item} heading={heading} />
          </li>
        ))}
      </ol>
    </>
  );
}

/** One question of an exam's review: its picks and right answers marked, the explanation. */
export function ReviewCard({
  item,
  heading: Heading = 'h2',
}: {
  item: ReviewItem;
  heading?: CardHeading;
}) {
  const { t } = useTranslation('exam');
  const labels = useMarkLabels();
  const headingId = `review-question-${item.number}`;
  return (
    <Card
      as="article"
      aria-labelledby={headingId}
      className={cx(styles.reviewCard, item.isCorrect ? styles.reviewRight : styles.reviewWrong)}
      data-testid="review-item"
      data-correct={item.isCorrect}
      data-extra={item.isExtra}
    >
      <div className={styles.reviewHead}>
        <span className={styles.position}>
          <span className={pageStyles.muted}>{t('review.number', { number: item.number })}</span>
          {item.isExtra && <span className={styles.extraTag}>{t('review.extra')}</span>}
        </span>
        <span className={item.isCorrect ? styles.rightText : styles.wrongText}>
          {item.isCorrect
            ? t('review.correct')
            : item.selected.length === 0
              ? t('review.unanswered')
              : t('review.incorrect')}
        </span>
        <BookmarkButton questionId={item.question.id} />
      </div>
      <QuestionInLanguages
        question={item.question}
        questionKey={item.question.id}
        compact
        tones={(number) => item.options.find((option) => option.number === number)?.mark ?? 'none'}
        showExplanation
      >
        <Heading id={headingId} className={questionStyles.text}>
          {item.question.question_text}
        </Heading>
        <QuestionPhoto
          photo={item.question.photo}
          url={item.question.photo_url}
          alt={item.question.photo_alt ?? t('question.photoAlt', { number: item.number })}
        />
        <AnswerOptions
          labels={labels}
          options={item.options.map((option) => ({
            number: option.number,
            text: option.text,
            isSelected: option.isPicked,
            tone: option.mark,
          }))}
        />
        {item.rightNow && (
          <Alert tone="info">
            <span data-testid="review-corrected">
              {t('review.corrected', {
                count: item.rightNow.length,
                answers: item.rightNow.join(', '),
              })}
            </span>
          </Alert>
        )}
        {item.explanation && (
          <p className={questionStyles.explanation} lang={item.question.explanation_language}>
            <strong>{t('review.explanation')}</strong> {item.explanation}
          </p>
        )}
      </QuestionInLanguages>
    </Card>
  );
}
