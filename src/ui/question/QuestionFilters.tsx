import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { MAX_QUESTION_SEARCH_LENGTH } from '../../lib/question-filter-search';
import { formStyles } from '../form/TextField';
import { SelectField } from '../form/SelectField';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/paths';
import * as styles from './question-filters.css';

/** Typing waits this long for a pause before it searches; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface QuestionFiltersProps {
  /** The search in effect (trimmed; empty for none). */
  search: string;
  /** The topic in effect, or null for all. */
  topicId: number | null;
  /** The topics to choose from; undefined while they load. */
  topics: readonly { id: number; name: string }[] | undefined;
  onSearch: (search: string) => void;
  onTopic: (topicId: number | null) => void;
}

/**
 * The search box and topic select above a list of questions (the learner's browser and the
 * admin tab): typing searches after a pause, Enter at once, the cross or Escape clears it; the
 * focus stays in the box while the list changes.
 */
export function QuestionFilters({
  search,
  topicId,
  topics,
  onSearch,
  onTopic,
}: QuestionFiltersProps) {
  const { t } = useTranslation('parts');
  const [draft, setDraft] = useState(search);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  // The search this box last asked for: a different one came from elsewhere (Back, a link).
  const sent = useRef(search);
  const searchChanged = useRef(onSearch);
  searchChanged.current = onSearch;

  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setDraft(search);
  }, [search]);

  const commit = (text: string) => {
    const next = text.trim();
    if (next === sent.current) return;
    sent.current = next;
    searchChanged.current(next);
  };

  useEffect(() => {
    if (draft.trim() === sent.current) return;
    const timer = window.setTimeout(() => commit(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft]);

  const clear = () => {
    setDraft('');
    commit('');
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    commit(draft);
  };

  const known = topics ?? [];
  const options = [
    { value: '', label: t('questionFilters.allTopics') },
    ...known.map((topic) => ({ value: String(topic.id), label: topic.name })),
    // A topic from the URL before the list arrives (or one since deleted) still reads as chosen.
    ...(topicId !== null && !known.some((topic) => topic.id === topicId)
      ? [{ value: String(topicId), label: t('questionFilters.topicNumber', { id: topicId }) }]
      : []),
  ];

  return (
    <form
      role="search"
      aria-label={t('questionFilters.label')}
      className={styles.bar}
      onSubmit={submit}
      noValidate
    >
      <div className={cx(formStyles.field, styles.search)}>
        <label htmlFor={inputId} className={formStyles.label}>
          {t('questionFilters.search')}
        </label>
        <div className={styles.inputWrap}>
          <input
            ref={input}
            id={inputId}
            type="search"
            className={cx(formStyles.input, formStyles.singleLine, styles.input)}
            placeholder={t('questionFilters.placeholder')}
            maxLength={MAX_QUESTION_SEARCH_LENGTH}
            enterKeyHint="search"
            autoComplete="off"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && draft !== '') {
                event.preventDefault();
                clear();
              }
            }}
          />
          {draft !== '' && (
            <button
              type="button"
              className={styles.clear}
              onClick={clear}
              aria-label={t('questionFilters.clear')}
              title={t('questionFilters.clear')}
            >
              <Icon path={icons.close} size={18} />
            </button>
          )}
        </div>
      </div>
      <SelectField
        className={styles.topic}
        label={t('questionFilters.topic')}
        value={topicId === null ? '' : String(topicId)}
        onChange={(event) => onTopic(event.target.value === '' ? null : Number(event.target.value))}
        options={options}
      />
    </form>
  );
}
