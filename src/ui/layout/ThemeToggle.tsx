import { useTranslation } from '../../i18n/react';
import { useTheme } from '../../theme/theme';
import * as styles from './layout.css';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/frame-paths';

export function ThemeToggle() {
  const { t } = useTranslation('common');
  const { theme, toggle } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={styles.iconButton}
      onClick={toggle}
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={dark ? t('theme.switchToLight') : t('theme.switchToDark')}
      data-testid="theme-toggle"
    >
      <Icon path={dark ? icons.moon : icons.sun} size={20} />
    </button>
  );
}
