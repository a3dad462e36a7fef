import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { answerOptionsOf, rightAnswersOf } from '../../../machines/question-grading';
import { foldForSearch } from '../../../domain/text';
import { unwrap, type Question, type QuestionPage } from '../../api';
import { useApi } from '../../lib/api-context';
import { usePromise } from '../../lib/use-remote';
import { Button } from '../../ui/button/Button';
import { Card, StatusWords } from '../../ui/card/Card';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import { Pagination } from '../../ui/pagination/Pagination';
import { AnswerOptions } from '../../ui/question/AnswerOptions';
import { photoUrl } from '../../ui/question/photo';
import { QuestionFilters } from '../../ui/question/QuestionFilters';
import { cx } from '../../lib/cx';
import { QuestionsLoadFailure } from './QuestionsError';
import * as styles from './questions.css';
import { BookmarkButton } from '../../ui/question/BookmarkButton';
import { QuestionInLanguages } from '../../ui/question/QuestionInLanguages';

/** What the list is narrowed to: a search (empty for none) and a topic (null for all). */
export interface QuestionsFilter {
  search: string;
  topicId: number | null;
}

/** The search box and topic select above the list, or above the card saying it failed. */
function FiltersBar({
  search,
  topicId,
  topics,
  onFilterChange,
}: QuestionsFilter & {
  topics: readonly { id: number; name: string }[] | undefined;
  onFilterChange: (filter: QuestionsFilter) => void;
}) {
  return (
    <div className={styles.filters}>
      <QuestionFilters
        search={search}
        topicId={topicId}
        topics={topics}
        onSearch={(next) => onFilterChange({ search: next, topicId })}
        onTopic={(next) => onFilterChange({ search, topicId: next })}
      />
    </div>
  );
}

/**
 * Browse the bank: 40 per page, a search and a topic filter, answers shown per question on
 * demand, paging.
 */
export function QuestionsPage({
  data,
  failure,
  page,
  search,
  topicId,
  onPageChange,
  onFilterChange,
  loading = false,
}: {
  /** Null when the page could not be loaded, for `failure`. */
  data: QuestionPage | null;
  failure?: unknown;
  /** The next page or match is on its way: what shows is dimmed and marked busy meanwhile. */
  loading?: boolean;
  page: number;
  search: string;
  topicId: number | null;
  onPageChange: (page: number) => void;
  onFilterChange: (filter: QuestionsFilter) => void;
}) {
  const { t } = useTranslation('questions');
  const api = useApi();
  // Fetched once a visit: the topics change rarely, and a page change need not ask again.
  const [topicsRequest] = useState(() => unwrap(api.GET('/training-topics')));
  const topics = usePromise(topicsRequest).data;
  const topicName =
    topicId === null
      ? ''
      : (topics?.find((topic) => topic.id === topicId)?.name ?? t('topicNumber', { id: topicId }));
  // After a page change the pagination that had the focus is at the far end of a new list:
  // the focus goes to the top of the list, where reading (and Tab) starts again. A new search
  // or topic leaves the focus where the learner is typing or choosing.
  const range = useRef<HTMLParagraphElement>(null);
  const shown = useRef({ page, search, topicId });
  useEffect(() => {
    const before = shown.current;
    shown.current = { page, search, topicId };
    if (before.page === page || before.search !== search || before.topicId !== topicId) return;
    range.current?.focus();
  }, [page, search, topicId]);
  const filtered = search !== '' || topicId !== null;
  const which = search && topicId !== null ? 'MatchingInTopic' : search ? 'Matching' : 'InTopic';
  const words = { search, topic: topicName };
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={
          filtered ? t('subtitleFiltered') : data && t('subtitle', { total: data.totalQuestions })
        }
      />
      <FiltersBar
        search={search}
        topicId={topicId}
        topics={topics}
        onFilterChange={onFilterChange}
      />
      <div
        className={loading ? styles.loading : styles.settled}
        aria-busy={loading || undefined}
        data-testid="questions-results"
      >
        {data === null ? (
          <QuestionsLoadFailure error={failure} />
        ) : data.questions.length === 0 ? (
          <Card>
            <p
              className={pageStyles.muted}
              style={{ margin: 0, textAlign: 'center' }}
              role="status"
              data-testid="questions-empty"
            >
              <StatusWords>{filtered ? t(`empty${which}`, words) : t('empty')}</StatusWords>
            </p>
            {filtered && (
              <div className={styles.emptyAction}>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onFilterChange({ search: '', topicId: null })}
                >
                  {t('showAll')}
                </Button>
              </div>
            )}
          </Card>
        ) : (
          <>
            <p
              ref={range}
              tabIndex={-1}
              role="status"
              className={cx(pageStyles.muted, styles.range)}
              data-testid="questions-range"
            >
              {t(`${data.totalQuestions === 1 ? 'single' : 'range'}${filtered ? which : ''}`, {
                from: (page - 1) * data.limit + 1,
                to: (page - 1) * data.limit + data.questions.length,
                total: data.totalQuestions,
                ...words,
              })}
            </p>
            <ol className={styles.list} start={(page - 1) * data.limit + 1}>
              {data.questions.map((question) => (
                <li key={question.id}>
                  <QuestionCard question={question} search={search} />
                </li>
              ))}
            </ol>
          </>
        )}
        {data && (
          <Pagination
            page={page}
            totalPages={data.totalPages}
            onPageChange={onPageChange}
            label={t('pagination')}
          />
        )}
      </div>
    </>
  );
}

/**
 * Whether `search` found the question only in its explanation, which stays hidden until the
 * answers are shown: the card then says so, or the match would look like a mistake.
 */
function matchedOnlyInExplanation(question: Question, search: string): boolean {
  const wanted = foldForSearch(search.trim());
  if (wanted === '' || !question.explanation || String(question.id) === search.trim()) return false;
  const visible = [
    question.question_text,
    ...answerOptionsOf(question).map((answer) => answer.text),
  ];
  return (
    !visible.some((text) => foldForSearch(text).includes(wanted)) &&
    foldForSearch(question.explanation).includes(wanted)
  );
}

function QuestionCard({ question, search }: { question: Question; search: string }) {
  const { t } = useTranslation('questions');
  const [shown, setShown] = useState(false);
  const right = rightAnswersOf(question);
  const answersId = `question-${question.id}-answers`;
  const numberId = `question-${question.id}-number`;
  const toggleId = `question-${question.id}-toggle`;
  const inExplanation = !shown && matchedOnlyInExplanation(question, search);
  return (
    <Card as="article" data-testid="question-card" aria-labelledby={`question-${question.id}-text`}>
      <div className={styles.head}>
        <span id={numberId} className={styles.number}>
          {t('number', { id: question.id })}
        </span>
        <span className={styles.points}>{t('points', { points: question.points })}</span>
        <BookmarkButton questionId={question.id} />
      </div>
      <QuestionInLanguages
        question={question}
        questionKey={question.id}
        compact
        tones={(number) => (shown && right.some((n) => n === number) ? 'right' : 'none')}
        showExplanation={shown}
      >
        <h2 id={`question-${question.id}-text`} className={styles.text}>
          {question.question_text}
        </h2>
        {question.photo && (
          <img
            className={styles.photo}
            src={photoUrl(question.photo, question.photo_url)}
            alt={question.photo_alt ?? t('photoAlt', { id: question.id })}
            loading="lazy"
          />
        )}
        <AnswerOptions
          id={answersId}
          label={t('answers')}
          labels={{ right: t('correctAnswer'), wrong: '', missed: '' }}
          options={answerOptionsOf(question).map((answer) => ({
            number: answer.number,
            text: answer.text,
            isSelected: false,
            tone: shown && right.includes(answer.number) ? 'right' : 'none',
          }))}
        />
        {shown && question.explanation && (
          <p className={styles.explanation} lang={question.explanation_language}>
            <strong>{t('explanation')}</strong> {question.explanation}
          </p>
        )}
      </QuestionInLanguages>
      {inExplanation && (
        <p className={pageStyles.muted} data-testid="match-in-explanation">
          {t('matchInExplanation')}
        </p>
      )}
      <div style={{ marginTop: '0.75rem' }}>
        <Button
          id={toggleId}
          variant={shown ? 'secondary' : 'outline'}
          size="sm"
          onClick={() => setShown(!shown)}
          aria-expanded={shown}
          aria-controls={answersId}
          // Named with its question ("Show answers Question #12"): a page holds many of them.
          aria-labelledby={`${toggleId} ${numberId}`}
        >
          {shown ? t('hideAnswers') : t('showAnswers')}
        </Button>
      </div>
    </Card>
  );
}
