import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { Modal, modalActions } from '../../ui/modal/Modal';
import type { DataType, Setting, SettingInput } from './admin-api';
import * as styles from './admin.css';
import { useDiscardGuard } from './use-discard-guard';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { settingValueProblem } from './validation';

const DATA_TYPES: readonly DataType[] = ['string', 'number', 'boolean', 'json'];

interface SettingForm {
  key: string;
  value: string;
  description: string;
  data_type: DataType;
  is_public: boolean;
}

const formOf = (setting: Setting | 'new' | null): SettingForm =>
  setting && setting !== 'new'
    ? {
        key: setting.key,
        value: setting.value,
        description: setting.description ?? '',
        data_type: setting.data_type,
        is_public: setting.is_public,
      }
    : { key: '', value: '', description: '', data_type: 'string', is_public: false };

/**
 * Add, edit or delete a setting. The key is read-only while editing; the value is checked
 * against its data type (string, number, boolean, json) before it is sent.
 */
export function SettingFormModal({
  setting,
  onClose,
  onSaved,
  onDelete,
}: {
  setting: Setting | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
  onDelete: (setting: Setting) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const [form, setForm] = useState<SettingForm>(() => formOf(setting));
  const [problems, setProblems] = useState<{ key?: string; value?: string }>({});
  const isNew = setting === 'new';
  const { requestClose, dialog: discardDialog } = useDiscardGuard(
    setting !== null,
    JSON.stringify(form) !== JSON.stringify(formOf(setting)),
    onClose,
  );

  useEffect(() => {
    setForm(formOf(setting));
    setProblems({});
  }, [setting]);

  const set = <K extends keyof SettingForm>(name: K, value: SettingForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const key = form.key.trim();
    const keyProblem = !key
      ? t('validation.required')
      : /^[A-Za-z0-9_.-]+$/.test(key)
        ? undefined
        : t('validation.key');
    const valueProblem = settingValueProblem(form.value, form.data_type);
    const found = {
      key: isNew ? keyProblem : undefined,
      value: valueProblem
        ? t(`validation.value.${valueProblem}`, { value: form.value })
        : undefined,
    };
    setProblems(found);
    if (found.key || found.value) return;
    const description = form.description.trim() === '' ? null : form.description.trim();
    const result = await run(
      'save',
      () => {
        if (setting === 'new' || setting === null) {
          const body: SettingInput = {
            key,
            value: form.value,
            description,
            data_type: form.data_type,
            is_public: form.is_public,
          };
          return unwrap(api.POST('/settings', { body }));
        }
        return unwrap(
          api.PUT('/settings/{id}', {
            params: { path: { id: setting.id } },
            body: {
              value: form.value,
              description,
              data_type: form.data_type,
              is_public: form.is_public,
            },
          }),
        );
      },
      {
        success: () => (isNew ? t('success.settingCreated') : t('success.settingUpdated')),
        error: (error) => failure('errors.saveSetting', error),
      },
    );
    if (result.ok) onSaved();
  };

  const title = isNew ? t('settings.addTitle') : t('settings.editTitle');
  const valueHint = t(`settings.valueHints.${form.data_type}`);
  return (
    <Modal open={setting !== null} onOpenChange={(open) => !open && requestClose()} title={title}>
      <form onSubmit={save} noValidate className={styles.formStack} aria-label={title}>
        <div className={styles.monoField}>
          <TextField
            label={t('settings.key')}
            required
            readOnly={!isNew}
            hint={isNew ? t('settings.keyHint') : t('settings.keyReadOnly')}
            value={form.key}
            onChange={(event) => set('key', event.target.value)}
            error={problems.key}
          />
        </div>
        <SelectField
          label={t('settings.type')}
          value={form.data_type}
          onChange={(event) => set('data_type', event.target.value as DataType)}
          options={DATA_TYPES.map((type) => ({ value: type, label: t(`settings.types.${type}`) }))}
        />
        {form.data_type === 'json' ? (
          <TextAreaField
            label={t('settings.value')}
            required
            rows={5}
            className={styles.monoField}
            hint={valueHint}
            value={form.value}
            onChange={(event) => set('value', event.target.value)}
            error={problems.value}
          />
        ) : (
          <div className={styles.monoField}>
            <TextField
              label={t('settings.value')}
              required
              hint={valueHint}
              inputMode={form.data_type === 'number' ? 'decimal' : undefined}
              value={form.value}
              onChange={(event) => set('value', event.target.value)}
              error={problems.value}
            />
          </div>
        )}
        <TextAreaField
          label={t('settings.description')}
          hint={t('common.optional')}
          rows={2}
          value={form.description}
          onChange={(event) => set('description', event.target.value)}
        />
        <CheckboxField
          label={t('settings.publicLabel')}
          checked={form.is_public}
          onChange={(event) => set('is_public', event.target.checked)}
        />
        <div className={modalActions}>
          {setting && setting !== 'new' && (
            <Button
              variant="danger"
              className={styles.footerStart}
              onClick={() => onDelete(setting)}
            >
              {t('actions.delete')}
            </Button>
          )}
          <Button variant="secondary" onClick={requestClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={busy === 'save'}>
            {isNew ? t('actions.create') : t('actions.save')}
          </Button>
        </div>
      </form>
      {discardDialog}
    </Modal>
  );
}
