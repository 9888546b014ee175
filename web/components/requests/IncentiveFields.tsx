import type { TFunction } from 'i18next';
import { useT } from '../../i18n/useT';
import type { TPlatform } from '../../../shared/accounts.js';
import {
  INCENTIVE_CODE_SOURCES,
  INCENTIVE_REWARDS,
  INCENTIVE_SEND_ON,
  INCENTIVE_VALUE_TYPES,
  type TRequestIncentive,
} from '../../../shared/review-requests.js';
import { currencyDigits } from '../../lib/formatMoney';
import { TextField } from '../form/TextField';
import type { TFieldErrors } from '../form/apiErrors';
import { OptionSelect } from '../widgets/OptionSelect';

/** The store as the incentive needs it: the platform that makes codes when connected, and the amounts' currency. */
export interface TIncentiveStore {
  /** The platform that makes single-use codes for this store, or null (not connected). */
  codesOn: TPlatform | null;
  currency: string | null;
}

/** The incentive as its fields hold it: numbers as typed, a fixed amount in the currency's units ("5.00"). */
export type TIncentiveDraft = Omit<TRequestIncentive, 'fixed_code' | 'value' | 'expires_days'> & {
  fixed_code: string;
  value: string;
  expires_days: string;
};

/** ZIncentive's bounds: minor units, days, the code's length; a percentage goes to 100. */
const MAX_MINOR = 1_000_000;
const MAX_DAYS = 365;
const MAX_CODE = 100;

export function incentiveDraftOf(incentive: TRequestIncentive, store: TIncentiveStore): TIncentiveDraft {
  const digits = currencyDigits(store.currency);
  return {
    ...incentive,
    // A store no longer connected can only send its own code.
    code_source: store.codesOn ? incentive.code_source : 'fixed',
    fixed_code: incentive.fixed_code ?? '',
    value:
      incentive.value_type === 'percentage'
        ? String(incentive.value)
        : (incentive.value / 10 ** digits).toFixed(digits),
    expires_days: String(incentive.expires_days),
  };
}

/**
 * The draft as the API takes it, with the fields' errors (keyed like the API's, `incentive.value`) in the
 * dashboard's language. An amount is sent in integer minor units of the store's currency.
 */
export function incentiveOfDraft(
  draft: TIncentiveDraft,
  store: TIncentiveStore,
  t: TFunction,
): { incentive: TRequestIncentive; errors: TFieldErrors } {
  const digits = currencyDigits(store.currency);
  const typed = Number(draft.value.trim().replace(',', '.') || NaN);
  const value = draft.value_type === 'percentage' ? typed : Math.round(typed * 10 ** digits);
  const expires = Number(draft.expires_days.trim() || NaN);
  const incentive: TRequestIncentive = {
    ...draft,
    fixed_code: draft.fixed_code.trim() || null,
    value,
    expires_days: expires,
  };
  if (incentive.reward === 'none') return { incentive, errors: {} };

  const errors: TFieldErrors = {};
  if (incentive.code_source === 'fixed' && !incentive.fixed_code) {
    errors['incentive.fixed_code'] = [t('requests.settings.incentive.errors.fixedCode')];
  }
  if ((incentive.fixed_code?.length ?? 0) > MAX_CODE) {
    errors['incentive.fixed_code'] = [t('requests.settings.incentive.errors.fixedCodeLong', { max: MAX_CODE })];
  }
  if (draft.value_type === 'percentage' && !(Number.isInteger(value) && value >= 1 && value <= 100)) {
    errors['incentive.value'] = [t('requests.settings.errors.number', { min: 1, max: 100 })];
  }
  const exact = Number.isFinite(typed) && Math.abs(typed * 10 ** digits - value) < 1e-6;
  if (draft.value_type === 'fixed_amount' && !(exact && value >= 1 && value <= MAX_MINOR)) {
    errors['incentive.value'] = [
      t('requests.settings.incentive.errors.amount', {
        min: (1 / 10 ** digits).toFixed(digits),
        max: (MAX_MINOR / 10 ** digits).toFixed(digits),
      }),
    ];
  }
  if (!(Number.isInteger(expires) && expires >= 1 && expires <= MAX_DAYS)) {
    errors['incentive.expires_days'] = [t('requests.settings.errors.number', { min: 1, max: MAX_DAYS })];
  }
  return { incentive, errors };
}

export interface IncentiveFieldsProps {
  draft: TIncentiveDraft;
  store: TIncentiveStore;
  onChange: (patch: Partial<TIncentiveDraft>) => void;
  errors: TFieldErrors;
  isDisabled: boolean;
}

/**
 * The discount a review made through a request earns: what it rewards, where the code comes from (a single-use one
 * made on the store's platform, offered only while the store is connected to one, or the merchant's own), what it
 * is worth, how long it works and when it goes.
 */
export function IncentiveFields({ draft, store, onChange, errors, isDisabled }: IncentiveFieldsProps) {
  const t = useT();
  const currency = store.currency?.toUpperCase() ?? t('requests.settings.incentive.storeCurrency');
  const platform = store.codesOn && t(`requests.settings.incentive.platforms.${store.codesOn}`);
  const sources: readonly TRequestIncentive['code_source'][] = store.codesOn ? INCENTIVE_CODE_SOURCES : ['fixed'];

  return (
    <fieldset className="widget-fieldset incentive-fields" data-testid="incentive">
      <legend className="widget-legend">{t('requests.settings.incentive.title')}</legend>
      <p className="review-note">{t('requests.settings.incentive.description')}</p>
      <OptionSelect
        name="incentive.reward"
        options={INCENTIVE_REWARDS}
        optionLabel={(option) => t(`requests.settings.incentive.rewards.${option}`)}
        value={draft.reward}
        onChange={(reward) => onChange({ reward })}
        label={t('requests.settings.incentive.reward')}
        testId="incentive-reward"
        errors={errors['incentive.reward']}
        isDisabled={isDisabled}
      />
      {draft.reward !== 'none' && (
        <>
          <OptionSelect
            name="incentive.code_source"
            options={sources}
            optionLabel={(option) =>
              option === 'platform'
                ? t('requests.settings.incentive.sources.platform', { platform })
                : t('requests.settings.incentive.sources.fixed')
            }
            value={draft.code_source}
            onChange={(code_source) => onChange({ code_source })}
            label={t('requests.settings.incentive.source')}
            description={
              store.codesOn
                ? t('requests.settings.incentive.sourceHelp')
                : t('requests.settings.incentive.sourceNotConnected')
            }
            testId="incentive-source"
            errors={errors['incentive.code_source']}
            isDisabled={isDisabled}
          />
          {draft.code_source === 'fixed' && (
            <TextField
              name="incentive.fixed_code"
              label={t('requests.settings.incentive.fixedCode')}
              description={t('requests.settings.incentive.fixedCodeHelp')}
              value={draft.fixed_code}
              onChange={(fixed_code) => onChange({ fixed_code })}
              errors={errors['incentive.fixed_code']}
              isRequired
              isDisabled={isDisabled}
            />
          )}
          <div className="form-row">
            <OptionSelect
              name="incentive.value_type"
              options={INCENTIVE_VALUE_TYPES}
              optionLabel={(option) => t(`requests.settings.incentive.valueTypes.${option}`, { currency })}
              value={draft.value_type}
              onChange={(value_type) => onChange({ value_type })}
              label={t('requests.settings.incentive.valueType')}
              testId="incentive-value-type"
              errors={errors['incentive.value_type']}
              isDisabled={isDisabled}
            />
            <TextField
              name="incentive.value"
              type={draft.value_type === 'percentage' ? 'number' : 'text'}
              label={
                draft.value_type === 'percentage'
                  ? t('requests.settings.incentive.percent')
                  : t('requests.settings.incentive.amount', { currency })
              }
              description={
                draft.value_type === 'percentage'
                  ? t('requests.settings.incentive.percentHelp')
                  : t('requests.settings.incentive.amountHelp')
              }
              value={draft.value}
              onChange={(value) => onChange({ value })}
              errors={errors['incentive.value']}
              isDisabled={isDisabled}
            />
          </div>
          <div className="form-row">
            <TextField
              name="incentive.expires_days"
              type="number"
              label={t('requests.settings.incentive.expiresDays')}
              description={t('requests.settings.incentive.expiresDaysHelp')}
              value={draft.expires_days}
              onChange={(expires_days) => onChange({ expires_days })}
              errors={errors['incentive.expires_days']}
              isDisabled={isDisabled}
            />
            <OptionSelect
              name="incentive.send_on"
              options={INCENTIVE_SEND_ON}
              optionLabel={(option) => t(`requests.settings.incentive.sendOnOptions.${option}`)}
              value={draft.send_on}
              onChange={(send_on) => onChange({ send_on })}
              label={t('requests.settings.incentive.sendOn')}
              testId="incentive-send-on"
              errors={errors['incentive.send_on']}
              isDisabled={isDisabled}
            />
          </div>
        </>
      )}
    </fieldset>
  );
}
