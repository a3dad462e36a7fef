import { useTranslation } from '../../i18n/react';
import { useBookmark } from '../../lib/bookmarks';
import { cx } from '../../lib/cx';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/paths';
import * as styles from './bookmark.css';

/**
 * The star on a question: pressed while the question is bookmarked; a press toggles it. It
 * waits, disabled, until the learner's bookmarks are read, so it never shows a starred question
 * as unstarred for a moment (nor takes a press meant to unstar it as one to star it).
 */
export function BookmarkButton({ questionId }: { questionId: number }) {
  const { t } = useTranslation('parts');
  const { available, known, bookmarked, toggle } = useBookmark(questionId);
  if (!available) return null;
  return (
    <button
      type="button"
      className={cx(styles.star, bookmarked && styles.starOn)}
      aria-pressed={bookmarked}
      aria-label={bookmarked ? t('bookmark.remove') : t('bookmark.add')}
      title={bookmarked ? t('bookmark.remove') : t('bookmark.add')}
      data-testid="bookmark"
      disabled={!known}
      aria-busy={!known}
      onClick={toggle}
    >
      <Icon path={icons.star} size={22} />
    </button>
  );
}
