import { useCallback, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import {
  DEFAULT_NAMESPACE,
  LANGUAGES,
  LANGUAGE_NAMES,
  toLanguage,
  type Language,
} from '../i18n/config';
import { cx } from '../lib/cx';
import { useDismiss } from '../lib/use-dismiss';
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
  // A chosen language whose strings could not be fetched (offline before they were kept).
  const [unavailable, setUnavailable] = useState<Language | null>(null);
  const latestChoice = useRef<Language | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const dismiss = useCallback(() => setUnavailable(null), []);
  useDismiss(rootRef, unavailable !== null, dismiss);

  async function choose(language: Language) {
    setUnavailable(null);
    latestChoice.current = language;
    const shown = current;
    // i18next never asks again for files whose fetch failed: a second try reloads them.
    if (!i18n.hasResourceBundle(language, DEFAULT_NAMESPACE))
      await i18n.reloadResources([language]);
    await i18n.changeLanguage(language);
    // i18next keeps the choice and draws the fallback's words when the files failed: the page
    // stays in the language it was in, kept as the choice, and the reader is told why.
    if (latestChoice.current !== language || toLanguage(i18n.resolvedLanguage) === language) return;
    await i18n.changeLanguage(shown);
    setUnavailable(language);
  }

  const side = align ?? (up ? 'start' : 'end');
  return (
    // Any use of the menu again takes the word away (it sits where the menu opens).
    <div
      ref={rootRef}
      className={menuStyles.root}
      onClickCapture={dismiss}
      onKeyDownCapture={dismiss}
    >
      <Dropdown
        label={t('language.choose', { language: LANGUAGE_NAMES[current] })}
        up={up}
        align={side}
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
                void choose(language);
              }}
            >
              <Flag language={language} />
              {LANGUAGE_NAMES[language]}
            </button>
          ))
        }
      </Dropdown>
      {unavailable && (
        <p
          role="alert"
          className={cx(
            menuStyles.menu,
            menuStyles.note,
            side === 'end' ? menuStyles.alignEnd : menuStyles.alignStart,
            up && menuStyles.openUp,
          )}
        >
          {t('language.unavailable', { language: LANGUAGE_NAMES[unavailable] })}
        </p>
      )}
    </div>
  );
}
