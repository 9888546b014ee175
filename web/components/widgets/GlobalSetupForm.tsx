import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { FALLBACK_LANGUAGE } from '../../../shared/constants.js';
import { WIDGET_LANGUAGES, WIDGET_POSITIONS, WIDGET_TITLE_MAX_LENGTH } from '../../../shared/widget-options.js';
import type { TWidgetSettings } from '../../../shared/widgets.js';
import { useProfile } from '../../api/profile';
import { ActionButton } from '../ActionButton';
import { FormAlert } from '../form/FormAlert';
import { TextField } from '../form/TextField';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { OptionSelect } from './OptionSelect';
import { SwitchField } from './SwitchField';
import { useSaveWidgetSettings } from './useSaveWidgetSettings';
import { compactErrors, selectorErrors, titleErrors } from './validation';

export type TGlobalDraft = Pick<
  TWidgetSettings,
  'position' | 'custom_selector' | 'widget_title' | 'language' | 'accept_text_reviews'
>;

export interface GlobalSetupFormProps {
  draft: TGlobalDraft;
  onChange: (patch: Partial<TGlobalDraft>) => void;
  canEdit: boolean;
}

/**
 * SPEC §2 Global setup: where the widget goes on every product page, its title, the shoppers' language, and whether
 * its form takes reviews with only stars and text.
 */
export function GlobalSetupForm({ draft, onChange, canEdit }: GlobalSetupFormProps) {
  const t = useT();
  const save = useSaveWidgetSettings();
  // What the automatic language falls back to: the store's language, which the sidebar's selector sets.
  const mainLanguage = useProfile().data?.merchant?.main_language ?? FALLBACK_LANGUAGE;
  const [clientErrors, setClientErrors] = useState<TFieldErrors>({});
  const errors = { ...apiFieldErrors(save.error), ...clientErrors };
  const detail = save.isError && Object.keys(errors).length === 0 ? apiDetail(save.error) : undefined;
  const isCustom = draft.position === 'custom';

  const change = (patch: Partial<TGlobalDraft>) => {
    setClientErrors({});
    if (save.isError) save.reset();
    onChange(patch);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !canEdit) return;
    const selector = isCustom ? (draft.custom_selector ?? '').trim() : '';
    const found = compactErrors({
      custom_selector: selectorErrors(t, draft.position, selector),
      widget_title: titleErrors(t, draft.widget_title),
    });
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      position: draft.position,
      custom_selector: selector || null,
      widget_title: draft.widget_title.trim(),
      language: draft.language,
      accept_text_reviews: draft.accept_text_reviews,
    });
  };

  return (
    <form className="form widget-form" onSubmit={submit} noValidate>
      <header>
        <h2 className="section-title">{t('widgets.global.title')}</h2>
        <p className="section-text">{t('widgets.global.description')}</p>
      </header>
      {detail && <FormAlert severity="error">{detail}</FormAlert>}
      <OptionSelect
        name="position"
        options={WIDGET_POSITIONS}
        optionLabel={(option) => t(`widgets.positions.${option}`)}
        value={draft.position}
        onChange={(position) => change({ position })}
        label={t('widgets.global.position')}
        testId="position-select"
        errors={errors.position}
        isDisabled={!canEdit}
      />
      {isCustom && (
        <TextField
          name="custom_selector"
          label={t('widgets.global.customSelector')}
          description={t('widgets.global.customSelectorHelp')}
          value={draft.custom_selector ?? ''}
          onChange={(custom_selector) => change({ custom_selector })}
          errors={errors.custom_selector}
          isRequired
          isDisabled={!canEdit}
        />
      )}
      <TextField
        name="widget_title"
        label={t('widgets.global.widgetTitle')}
        description={t('widgets.global.widgetTitleHelp', { max: WIDGET_TITLE_MAX_LENGTH })}
        value={draft.widget_title}
        onChange={(widget_title) => change({ widget_title })}
        errors={errors.widget_title}
        isDisabled={!canEdit}
      />
      <OptionSelect
        name="language"
        options={WIDGET_LANGUAGES}
        optionLabel={(option) => (option === 'auto' ? t('widgets.global.languageAuto') : t(`languages.${option}`))}
        value={draft.language}
        onChange={(language) => change({ language })}
        label={t('widgets.global.language')}
        description={t('widgets.global.languageHelp', { language: t(`languages.${mainLanguage}`) })}
        testId="widget-language"
        errors={errors.language}
        isDisabled={!canEdit}
      />
      <SwitchField
        name="accept_text_reviews"
        testId="accept-text-reviews"
        label={t('widgets.global.acceptTextReviews')}
        description={t('widgets.global.acceptTextReviewsHelp')}
        isSelected={draft.accept_text_reviews}
        onChange={(accept_text_reviews) => change({ accept_text_reviews })}
        isDisabled={!canEdit}
      />
      <div className="widget-form-actions">
        <ActionButton type="submit" testId="save-global" isPending={save.isPending} isDisabled={!canEdit}>
          {t('widgets.global.save')}
        </ActionButton>
      </div>
    </form>
  );
}
