import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { useBankSize } from '../../lib/bank-size';
import { useCourses } from '../../lib/learner-course';
import { Button } from '../../ui/button/Button';
import { CheckboxField } from '../../ui/form/CheckboxField';
import { SelectField } from '../../ui/form/SelectField';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { modalActions } from '../../ui/modal/Modal';
import {
  ifMatch,
  readVersioned,
  type DataType,
  type Setting,
  type SettingInput,
  type SettingRule,
  type SettingUpdate,
} from './admin-api';
import type { EditTarget } from './admin-search';
import * as styles from './admin.css';
import { RecordEditModal } from './RecordEditModal';
import { type FormEvents, refusalAtFields, useRecordEdit } from './use-record-edit';
import { SettingValueField } from './SettingValueField';
import { focusFirstProblem } from '../../lib/account-fields';
import { isTooLong, ruleProblem, settingValueProblem, TEXT_LIMITS } from './validation';

const DATA_TYPES: readonly DataType[] = ['string', 'number', 'boolean', 'json'];
const EXAM_QUESTION_COUNT = 'exam_question_count';
const EXAM_PASS_PERCENT = 'exam_pass_percent';

interface SettingForm {
  key: string;
  value: string;
  description: string;
  data_type: DataType;
  is_public: boolean;
}

const EMPTY: SettingForm = {
  key: '',
  value: '',
  description: '',
  data_type: 'string',
  is_public: false,
};

/** Each field's label (its translation key). */
const LABELS: Record<keyof SettingForm, string> = {
  key: 'settings.key',
  value: 'settings.value',
  description: 'settings.description',
  data_type: 'settings.type',
  is_public: 'settings.publicLabel',
};

const formOf = (setting: Setting): SettingForm => ({
  key: setting.key,
  value: setting.value,
  description: setting.description ?? '',
  data_type: setting.data_type,
  is_public: setting.is_public,
});

/**
 * Add, edit or delete a setting. The key is read-only while editing; the value is checked
 * against its data type (string, number, boolean, json) before it is sent, and a built-in
 * setting's against the rule the server sends with it (whose type is then fixed too). A stored
 * setting is read first, so the form starts from its version now.
 */
export function SettingFormModal({
  target,
  onDelete,
  ...events
}: FormEvents<Setting> & {
  target: EditTarget | null;
  onDelete: (setting: Pick<Setting, 'id' | 'key' | 'rule' | 'data_type'>) => void;
}) {
  if (target === null) return null;
  return <SettingEditor key={target} target={target} {...events} onDelete={onDelete} />;
}

function SettingEditor({
  target,
  onDelete,
  ...events
}: FormEvents<Setting> & {
  target: EditTarget;
  onDelete: (setting: Pick<Setting, 'id' | 'key' | 'rule' | 'data_type'>) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const [problems, setProblems] = useState<{ key?: string; value?: string }>({});
  // What a built-in setting's value must be, as the server said with it; null for any other.
  const [rule, setRule] = useState<SettingRule | null>(null);
  const isNew = target === 'new';
  const edit = useRecordEdit<SettingForm, SettingInput | SettingUpdate, Setting>({
    draftName: `setting.${target}`,
    id: isNew ? null : target,
    blank: EMPTY,
    load: async (id, signal) => {
      const { data, tag } = await readVersioned(
        api.GET('/settings/{id}', { params: { path: { id } }, signal }),
      );
      setRule(data.rule);
      return { form: formOf(data), tag };
    },
    send: ({ id, body, tag }) =>
      id === null
        ? unwrap(api.POST('/settings', { body: body as SettingInput }))
        : unwrap(
            api.PUT('/settings/{id}', { params: { path: { id }, header: ifMatch(tag) }, body }),
          ),
    savedMessage: () => (isNew ? t('success.settingCreated') : t('success.settingUpdated')),
    failureKey: 'errors.saveSetting',
    // A taken key or a value the setting cannot hold is that field's problem: said there.
    showAtField: refusalAtFields(
      ['key', 'value'],
      (field, detail) => setProblems({ [field]: detail }),
      (): HTMLFormElement | null => edit.formRef.current,
    ),
    ...events,
  });
  const { form } = edit;
  // The exam draws no more questions than the bank holds. A larger count is allowed (questions
  // may be imported next), but the administrator learns what the exam has meanwhile.
  const bankSize = useBankSize(api, form.key === EXAM_QUESTION_COUNT);
  const asked = Number(form.value);
  // The default course follows the pass percent only while it passes on questions right
  // (docs/courses.md): under another rule a saved value changes no exam, and says so.
  const defaultRule = useCourses()?.find((course) => course.is_default)?.rules.pass_rule;
  const valueWarning =
    form.key === EXAM_PASS_PERCENT &&
    defaultRule !== undefined &&
    defaultRule !== 'percent_questions'
      ? t('settings.passPercentUnused', { rule: t(`courses.passRules.${defaultRule}`) })
      : bankSize === null || !Number.isInteger(asked) || asked <= bankSize
        ? undefined
        : bankSize === 0
          ? t('settings.examCountBankEmpty')
          : t('settings.examCountOverBank', { count: bankSize });

  const set = <K extends keyof SettingForm>(name: K, value: SettingForm[K]) =>
    edit.change((current) => ({ ...current, [name]: value }));

  /** A change of type starts a yes/no from what the value already says, as its switch shows it. */
  const setType = (type: DataType) =>
    edit.change((current) => ({
      ...current,
      data_type: type,
      value: type === 'boolean' ? String(current.value === 'true') : current.value,
    }));

  const valueProblemText = () => {
    if (rule) {
      const problem = ruleProblem(form.value, rule);
      return problem ? t(`validation.value.${problem.code}`, { ...problem }) : undefined;
    }
    const problem = settingValueProblem(form.value, form.data_type);
    return problem ? t(`validation.value.${problem}`, { value: form.value }) : undefined;
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = form.key.trim();
    const keyProblem = !key
      ? t('validation.required')
      : !/^[A-Za-z0-9_.-]+$/.test(key)
        ? t('validation.key')
        : isTooLong(key, TEXT_LIMITS.settingKey)
          ? t('validation.tooLong', { count: TEXT_LIMITS.settingKey })
          : undefined;
    const found = { key: isNew ? keyProblem : undefined, value: valueProblemText() };
    setProblems(found);
    // At the field at fault, whose message is read out with it (a notice's below four others).
    if (focusFirstProblem(event.currentTarget as HTMLFormElement, ['key', 'value'], found)) return;
    const description = form.description.trim() === '' ? null : form.description.trim();
    // A name or an address never means its spaces at either end.
    const trimmed = rule?.kind === 'text' || rule?.kind === 'email';
    const changes = {
      value: trimmed ? form.value.trim() : form.value,
      description,
      data_type: form.data_type,
      is_public: form.is_public,
    };
    edit.send({ type: 'user.save', body: isNew ? { key, ...changes } : changes });
  };

  const title = isNew ? t('settings.addTitle') : t('settings.editTitle');
  return (
    <RecordEditModal
      edit={edit}
      kind="setting"
      title={title}
      fieldLabel={(field) => t(LABELS[field as keyof SettingForm])}
      onSubmit={save}
    >
      <div className={styles.monoField}>
        <TextField
          label={t(LABELS.key)}
          name="key"
          required
          maxLength={TEXT_LIMITS.settingKey}
          readOnly={!isNew}
          hint={isNew ? t('settings.keyHint') : t('settings.keyReadOnly')}
          value={form.key}
          onChange={(event) => set('key', event.target.value)}
          error={problems.key}
        />
      </div>
      <SelectField
        label={t(LABELS.data_type)}
        value={form.data_type}
        disabled={rule !== null}
        hint={rule !== null ? t('settings.builtIn') : undefined}
        onChange={(event) => setType(event.target.value as DataType)}
        options={DATA_TYPES.map((type) => ({ value: type, label: t(`settings.types.${type}`) }))}
      />
      <SettingValueField
        dataType={form.data_type}
        rule={rule}
        value={form.value}
        onChange={(value) => set('value', value)}
        warning={valueWarning}
        error={problems.value}
        takesFocus={!isNew}
      />
      <TextAreaField
        label={t(LABELS.description)}
        hint={t('common.optional')}
        rows={2}
        value={form.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <CheckboxField
        label={t(LABELS.is_public)}
        checked={form.is_public}
        onChange={(event) => set('is_public', event.target.checked)}
      />
      <div className={modalActions}>
        {typeof target === 'number' && (
          <Button
            variant="danger"
            className={styles.footerStart}
            onClick={() => onDelete({ id: target, key: form.key, rule, data_type: form.data_type })}
          >
            {t('actions.delete')}
          </Button>
        )}
        <Button variant="secondary" onClick={edit.requestClose}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={edit.state.hasTag('status:saving')} disabled={edit.blocked}>
          {isNew ? t('actions.create') : t('actions.save')}
        </Button>
      </div>
    </RecordEditModal>
  );
}
