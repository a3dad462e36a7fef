import type { Language } from '../../i18n/config';
import * as styles from './flag.css';
// Files, not inline SVG: the header draws one flag on every page, and the entry script need not
// carry four drawings for it. `no-inline` keeps Vite from turning them back into data: URLs.
import unitedKingdom from './gb.svg?no-inline';
import china from './cn.svg?no-inline';
import korea from './kr.svg?no-inline';
import russia from './ru.svg?no-inline';

const FLAGS: Record<Language, string> = { en: unitedKingdom, ru: russia, zh: china, ko: korea };

/** The flag of a language, decorative (the language name is always shown beside it). */
export function Flag({ language }: { language: Language }) {
  return <img className={styles.flag} src={FLAGS[language]} width={24} height={16} alt="" />;
}
