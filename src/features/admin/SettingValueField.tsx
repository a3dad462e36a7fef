import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { formStyles, TextField } from '../../ui/form/TextField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import type { DataType, SettingRule } from './admin-api';
import * as styles from './admin.css';
import { readNotice } from '../../lib/site-settings';
import { LANGUAGE_NAMES, LANGUAGES } from '../../i18n/config';
import { donationsText, noticeText, readDonationTexts } from './validation';

/**
 * The value of a setting, edited the way its rule says: a switch for a yes/no, the banner's
 * switch and message for the maintenance notice, a number input bounded by the range, an e-mail
 * input, a text limited to its length. A setting without a rule (an administrator's own) is
 * edited as text for its data type. The value always travels as the text the server stores.
 */
export function SettingValueField({
  dataType,
  rule,
  value,
  onChange,
  error,
  warning,
  takesFocus,
}: {
  dataType: DataType;
  rule: SettingRule | null;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** Said below a number or text value that is allowed but may not do what was meant. */
  warning?: string | undefined;
  /** Whether the field takes the focus when the form opens (editing: the value is what changes). */
  takesFocus: boolean;
}) {
  const { t } = useTranslation('admin');
  const label = t('settings.value');
  const focus = takesFocus ? { 'data-autofocus': true } : {};

  if (rule?.kind === 'notice') {
    const notice = readNotice(value);
    // Its one problem is the message's (blank while shown, or too long): said at the message.
    return (
      <ValueGroup label={label} error={undefined}>
        <CheckboxField
          label={t('settings.rules.noticeShown')}
          checked={notice.enabled}
          onChange={(event) => onChange(noticeText({ ...notice, enabled: event.target.checked }))}
          {...focus}
        />
        <TextAreaField
          label={t('settings.rules.noticeMessage')}
          name="value"
          rows={3}
          maxLength={rule.max_length}
          hint={t('settings.rules.noticeHint', { max: rule.max_length })}
          error={error}
          value={notice.message}
          onChange={(event) => onChange(noticeText({ ...notice, message: event.target.value }))}
        />
        {LANGUAGES.map((language) => (
          <TextAreaField
            key={language}
            label={t('settings.rules.noticeInLanguage', { language: LANGUAGE_NAMES[language] })}
            name={`value-${language}`}
            lang={language}
            rows={2}
            maxLength={rule.max_length}
            hint={t('settings.rules.noticeLanguageHint')}
            value={notice.messages[language] ?? ''}
            onChange={(event) =>
              onChange(
                noticeText({
                  ...notice,
                  messages: { ...notice.messages, [language]: event.target.value },
                }),
              )
            }
          />
        ))}
      </ValueGroup>
    );
  }

  if (rule?.kind === 'donations') {
    const texts = readDonationTexts(value);
    return (
      <ValueGroup label={label} error={error}>
        {LANGUAGES.map((language, index) => (
          <TextAreaField
            key={language}
            label={t('settings.rules.donationsInLanguage', { language: LANGUAGE_NAMES[language] })}
            name={`value-${language}`}
            lang={language}
            rows={3}
            maxLength={rule.max_length}
            hint={t('settings.rules.donationsHint', { max: rule.max_length })}
            value={texts[language] ?? ''}
            onChange={(event) =>
              onChange(donationsText({ ...texts, [language]: event.target.value }))
            }
            {...(index === 0 ? focus : {})}
          />
        ))}
      </ValueGroup>
    );
  }

  if (dataType === 'boolean') {
    return (
      <ValueGroup label={label} error={error}>
        <CheckboxField
          label={t('settings.rules.on')}
          name="value"
          checked={value === 'true'}
          onChange={(event) => onChange(String(event.target.checked))}
          {...focus}
        />
      </ValueGroup>
    );
  }

  if (dataType === 'json') {
    return (
      <TextAreaField
        label={label}
        name="value"
        required
        rows={5}
        className={styles.monoField}
        hint={t('settings.valueHints.json')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        {...focus}
      />
    );
  }

  const input =
    rule?.kind === 'whole_number'
      ? {
          type: 'number',
          inputMode: 'numeric' as const,
          min: rule.min,
          max: rule.max,
          step: 1,
          hint: t('settings.rules.wholeNumber', { min: rule.min, max: rule.max }),
        }
      : rule?.kind === 'email'
        ? {
            type: 'email',
            autoComplete: 'off',
            maxLength: rule.max_length,
            hint: t('settings.rules.email'),
          }
        : rule?.kind === 'text'
          ? { maxLength: rule.max_length, hint: t('settings.rules.text', { max: rule.max_length }) }
          : {
              inputMode: dataType === 'number' ? ('decimal' as const) : undefined,
              hint: t(`settings.valueHints.${dataType}`),
            };
  return (
    <div className={rule?.kind === 'text' ? undefined : styles.monoField}>
      <TextField
        label={label}
        name="value"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        warning={warning}
        error={error}
        {...input}
        {...focus}
      />
    </div>
  );
}

/** Controls that together make one value, under the field's label, with its problem below. */
function ValueGroup({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  const errorId = useId();
  return (
    <fieldset className={styles.valueGroup} aria-describedby={error ? errorId : undefined}>
      <legend className={formStyles.label}>{label}</legend>
      {children}
      {error && (
        <p id={errorId} className={formStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
