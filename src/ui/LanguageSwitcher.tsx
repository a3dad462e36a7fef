import { useTranslation } from '../i18n/react';
import { LANGUAGES, LANGUAGE_NAMES, toLanguage } from '../i18n/config';
import { Flag } from './flags/Flag';
import { Dropdown, menuStyles } from './menu/Dropdown';

/** The language dropdown with a flag per language (header and footer). */
export function LanguageSwitcher({
  up,
  align,
  labelClassName,
  testId,
}: {
  up?: boolean;
  align?: 'start' | 'end';
  /** Class of the language's name beside the flag (the header hides it where room is short). */
  labelClassName?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Dropdown
      label={t('language.choose', { language: LANGUAGE_NAMES[current] })}
      up={up}
      align={align ?? (up ? 'start' : 'end')}
      testId={testId}
      trigger={
        <>
          <Flag language={current} />
          <span lang={current} className={labelClassName}>
            {LANGUAGE_NAMES[current]}
          </span>
        </>
      }
    >
      {(close) =>
        LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            role="menuitemradio"
            aria-checked={language === current}
            className={menuStyles.item}
            lang={language}
            data-language={language}
            onClick={() => {
              close();
              void i18n.changeLanguage(language);
            }}
          >
            <Flag language={language} />
            {LANGUAGE_NAMES[language]}
          </button>
        ))
      }
    </Dropdown>
  );
}
