import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { usePageContext } from 'vike-react/usePageContext';
import {
  REQUEST_MAX_PRODUCTS_PER_MAIL,
  REQUEST_SHAPES,
  REQUEST_TRIGGERS,
  ZReviewRequestSettingsPatch,
  type TReviewRequestSettings,
} from '../../../shared/review-requests.js';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { OptionSelect } from '../widgets/OptionSelect';
import { SwitchField } from '../widgets/SwitchField';
import { ExcludedProducts } from './ExcludedProducts';
import {
  IncentiveFields,
  incentiveDraftOf,
  incentiveOfDraft,
  type TIncentiveDraft,
  type TIncentiveStore,
} from './IncentiveFields';
import { useSaveRequestSettings } from './useSaveRequestSettings';

/** The settings typed as numbers, with their bounds (ZReviewRequestSettings'), held as the fields' text meanwhile. */
const NUMBERS = {
  delay_days: [0, 60],
  max_products: [1, REQUEST_MAX_PRODUCTS_PER_MAIL],
  reminders: [0, 3],
  reminder_interval_days: [1, 30],
  link_lifetime_days: [7, 365],
  rate_per_minute: [1, 600],
} as const;
type TNumberField = keyof typeof NUMBERS;
const NUMBER_FIELDS = Object.keys(NUMBERS) as TNumberField[];

type TDraft = Omit<TReviewRequestSettings, TNumberField | 'templates' | 'incentive' | 'reply_to'> &
  Record<TNumberField, string> & { reply_to: string; incentive: TIncentiveDraft };

function draftOf(settings: TReviewRequestSettings, store: TIncentiveStore): TDraft {
  return {
    enabled: settings.enabled,
    trigger: settings.trigger,
    send_window_start: settings.send_window_start,
    send_window_end: settings.send_window_end,
    shape: settings.shape,
    excluded_product_ids: settings.excluded_product_ids,
    reply_to: settings.reply_to ?? '',
    incentive: incentiveDraftOf(settings.incentive, store),
    ...(Object.fromEntries(NUMBER_FIELDS.map((field) => [field, String(settings[field])])) as Record<
      TNumberField,
      string
    >),
  };
}

/**
 * When requests go out and how many: the trigger and delay, the send window, one mail per order or per product,
 * reminders, the link's lifetime, the sending rate, the reply-to address, the excluded products and the incentive.
 * The mail's text has its own tab.
 */
export function SettingsPanel({ settings, canEdit }: { settings: TReviewRequestSettings; canEdit: boolean }) {
  const t = useT();
  const { user } = usePageContext();
  const merchant = user?.merchant;
  const store: TIncentiveStore = {
    codesOn: merchant?.connected ? merchant.platform : null,
    currency: merchant?.currency ?? null,
  };
  const save = useSaveRequestSettings();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(settings, store));
  const [clientErrors, setClientErrors] = useState<TFieldErrors>({});
  const errors = { ...apiFieldErrors(save.error), ...clientErrors };
  const detail = save.isError && Object.keys(errors).length === 0 ? apiDetail(save.error) : undefined;

  const change = (patch: Partial<TDraft>) => {
    setClientErrors({});
    if (save.isError) save.reset();
    setDraft((current) => ({ ...current, ...patch }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !canEdit) return;
    const incentive = incentiveOfDraft(draft.incentive, store, t);
    const body = {
      ...draft,
      reply_to: draft.reply_to.trim() || null,
      // Off: the rest of the incentive (hidden) keeps its saved values.
      incentive: incentive.incentive.reward === 'none' ? { reward: 'none' as const } : incentive.incentive,
      ...Object.fromEntries(NUMBER_FIELDS.map((field) => [field, Number(draft[field].trim() || NaN)])),
    };
    const parsed = ZReviewRequestSettingsPatch.safeParse(body);
    // incentiveOfDraft checks every rule of the incentive, its cross-field ones too.
    const found: TFieldErrors = { ...incentive.errors };
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0]);
      if (field === 'incentive') {
        found[issue.path.join('.')] ??= [issue.message];
        continue;
      }
      const bounds = NUMBERS[field as TNumberField];
      found[field] = [
        bounds
          ? t('requests.settings.errors.number', { min: bounds[0], max: bounds[1] })
          : field === 'reply_to'
            ? t('requests.settings.errors.email')
            : t('requests.settings.errors.time'),
      ];
    }
    // The patch schema checks each field; the window's order is the full settings' rule.
    if (!found.send_window_end && draft.send_window_start >= draft.send_window_end) {
      found.send_window_end = [t('requests.settings.errors.window')];
    }
    setClientErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data);
  };

  const numberField = (field: TNumberField, label: string, description?: string) => (
    <TextField
      name={field}
      type="number"
      label={label}
      description={description}
      value={draft[field]}
      onChange={(value) => change({ [field]: value })}
      errors={errors[field]}
      isDisabled={!canEdit}
    />
  );

  return (
    <form className="form widget-form request-settings" onSubmit={submit} noValidate data-testid="settings-form">
      <header>
        <h2 className="section-title">{t('requests.settings.title')}</h2>
        <p className="section-text">{t('requests.settings.description')}</p>
      </header>
      {detail && <FormAlert severity="error">{detail}</FormAlert>}
      <SwitchField
        name="enabled"
        label={t('requests.settings.enabled')}
        isSelected={draft.enabled}
        onChange={(enabled) => change({ enabled })}
        isDisabled={!canEdit}
        testId="settings-enabled"
      />
      <div className="form-row">
        <OptionSelect
          name="trigger"
          options={REQUEST_TRIGGERS}
          optionLabel={(option) => t(`requests.settings.triggers.${option}`)}
          value={draft.trigger}
          onChange={(trigger) => change({ trigger })}
          label={t('requests.settings.trigger')}
          description={t('requests.settings.triggerNote')}
          testId="settings-trigger"
          errors={errors.trigger}
          isDisabled={!canEdit}
        />
        {numberField('delay_days', t('requests.settings.delayDays'), t('requests.settings.delayDaysHelp'))}
      </div>
      <div className="form-row">
        <TextField
          name="send_window_start"
          type="time"
          label={t('requests.settings.windowStart')}
          description={t('requests.settings.windowHelp')}
          value={draft.send_window_start}
          onChange={(send_window_start) => change({ send_window_start })}
          errors={errors.send_window_start}
          isDisabled={!canEdit}
        />
        <TextField
          name="send_window_end"
          type="time"
          label={t('requests.settings.windowEnd')}
          value={draft.send_window_end}
          onChange={(send_window_end) => change({ send_window_end })}
          errors={errors.send_window_end}
          isDisabled={!canEdit}
        />
      </div>
      <div className="form-row">
        <OptionSelect
          name="shape"
          options={REQUEST_SHAPES}
          optionLabel={(option) => t(`requests.settings.shapes.${option}`)}
          value={draft.shape}
          onChange={(shape) => change({ shape })}
          label={t('requests.settings.shape')}
          testId="settings-shape"
          errors={errors.shape}
          isDisabled={!canEdit}
        />
        {draft.shape === 'order' &&
          numberField(
            'max_products',
            t('requests.settings.maxProducts'),
            t('requests.settings.maxProductsHelp', { max: REQUEST_MAX_PRODUCTS_PER_MAIL }),
          )}
      </div>
      <div className="form-row">
        {numberField('reminders', t('requests.settings.reminders'), t('requests.settings.remindersHelp'))}
        {numberField('reminder_interval_days', t('requests.settings.reminderInterval'))}
      </div>
      <div className="form-row">
        {numberField(
          'link_lifetime_days',
          t('requests.settings.linkLifetime'),
          t('requests.settings.linkLifetimeHelp'),
        )}
        {numberField('rate_per_minute', t('requests.settings.rate'))}
      </div>
      <TextField
        name="reply_to"
        type="email"
        label={t('requests.settings.replyTo')}
        description={t('requests.settings.replyToHelp')}
        value={draft.reply_to}
        onChange={(reply_to) => change({ reply_to })}
        errors={errors.reply_to}
        isDisabled={!canEdit}
      />
      <ExcludedProducts
        value={draft.excluded_product_ids}
        onChange={(excluded_product_ids) => change({ excluded_product_ids })}
        isDisabled={!canEdit}
      />
      <IncentiveFields
        draft={draft.incentive}
        store={store}
        onChange={(patch) => change({ incentive: { ...draft.incentive, ...patch } })}
        errors={errors}
        isDisabled={!canEdit}
      />
      <div className="widget-form-actions">
        <ActionButton type="submit" testId="settings-save" isPending={save.isPending} isDisabled={!canEdit}>
          {t('requests.settings.save')}
        </ActionButton>
      </div>
    </form>
  );
}
