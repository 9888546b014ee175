import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../i18n/useT';
import { INITIAL_VIDEOS_CHOICES, WIDGET_LAYOUTS } from '../../../shared/widget-options.js';
import type { TWidgetSettings } from '../../../shared/widgets.js';
import { ActionButton } from '../ActionButton';
import { SegmentedControl } from '../SegmentedControl';
import { FormAlert } from '../form/FormAlert';
import { apiDetail, apiFieldErrors, type TFieldErrors } from '../form/apiErrors';
import { ColorPicker, type TColorField } from './ColorPicker';
import { SwitchField } from './SwitchField';
import { useSaveWidgetSettings } from './useSaveWidgetSettings';
import { HEX_COLOR, compactErrors } from './validation';

const DISPLAY_OPTIONS = ['show_rating', 'show_date', 'autoplay_videos', 'compact_mode'] as const;
const COLOR_FIELDS = [
  'primary_color',
  'secondary_color',
  'text_color',
  'background_color',
] as const satisfies readonly TColorField[];

export type TAppearanceDraft = Omit<TWidgetSettings, 'position' | 'custom_selector' | 'widget_title'>;
type TVideosCount = TAppearanceDraft['initial_videos_count'];

export interface AppearanceFormProps {
  draft: TAppearanceDraft;
  onChange: (patch: Partial<TAppearanceDraft>) => void;
  canEdit: boolean;
}

/** SPEC §2 Appearance: the layout, display options, how many videos show at first, and the four colours. */
export function AppearanceForm({ draft, onChange, canEdit }: AppearanceFormProps) {
  const t = useT();
  const save = useSaveWidgetSettings();
  const videosLabelId = useId();
  const layoutLabelId = useId();
  const layoutHelpId = useId();
  const [clientErrors, setClientErrors] = useState<TFieldErrors>({});
  const errors = { ...apiFieldErrors(save.error), ...clientErrors };
  const detail = save.isError && Object.keys(errors).length === 0 ? apiDetail(save.error) : undefined;

  const change = (patch: Partial<TAppearanceDraft>) => {
    setClientErrors({});
    if (save.isError) save.reset();
    onChange(patch);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !canEdit) return;
    const found = compactErrors(
      Object.fromEntries(
        COLOR_FIELDS.map((field) => [
          field,
          HEX_COLOR.test(draft[field].trim()) ? [] : [t('widgets.appearance.invalidColor')],
        ]),
      ),
    );
    setClientErrors(found);
    if (Object.keys(found).length > 0) return;
    const colors = Object.fromEntries(COLOR_FIELDS.map((field) => [field, draft[field].trim().toLowerCase()]));
    save.mutate({ ...draft, ...colors });
  };

  return (
    <form className="form widget-form" onSubmit={submit} noValidate>
      <h2 className="section-title">{t('widgets.appearance.title')}</h2>
      {detail && <FormAlert severity="error">{detail}</FormAlert>}

      <div className="widget-fieldset">
        <p className="widget-legend" id={layoutLabelId}>
          {t('widgets.appearance.layout')}
        </p>
        <SegmentedControl
          testId="widget-layout"
          labelledBy={layoutLabelId}
          describedBy={layoutHelpId}
          isDisabled={!canEdit}
          value={draft.layout}
          onChange={(layout) => change({ layout })}
          options={WIDGET_LAYOUTS.map((layout) => ({
            value: layout,
            content: t(`widgets.appearance.layouts.${layout}`),
          }))}
        />
        <p className="field-description" id={layoutHelpId}>
          {t(`widgets.appearance.layoutHelp.${draft.layout}`)}
        </p>
        {errors.layout && (
          <p className="field-error" role="alert">
            {errors.layout.join(' ')}
          </p>
        )}
      </div>

      <fieldset className="widget-fieldset" disabled={!canEdit}>
        <legend className="widget-legend">{t('widgets.appearance.display')}</legend>
        <div className="switch-list">
          {DISPLAY_OPTIONS.map((option) => (
            <SwitchField
              key={option}
              name={option}
              testId={option}
              label={t(`widgets.appearance.${option}`)}
              isSelected={draft[option]}
              onChange={(value) => change({ [option]: value })}
              isDisabled={!canEdit}
            />
          ))}
        </div>
      </fieldset>

      <div className="widget-fieldset">
        <p className="widget-legend" id={videosLabelId}>
          {t('widgets.appearance.videosCount')}
        </p>
        <SegmentedControl
          testId="videos-count"
          labelledBy={videosLabelId}
          isDisabled={!canEdit}
          value={draft.initial_videos_count}
          onChange={(count) => change({ initial_videos_count: count satisfies TVideosCount })}
          options={INITIAL_VIDEOS_CHOICES.map((choice) => ({
            value: choice,
            content: choice === 0 ? t('widgets.appearance.videosAll') : choice,
          }))}
        />
        {errors.initial_videos_count && (
          <p className="field-error" role="alert">
            {errors.initial_videos_count.join(' ')}
          </p>
        )}
      </div>

      <div className="widget-fieldset">
        <h3 className="widget-legend">{t('widgets.appearance.colors')}</h3>
        <div className="color-grid">
          {COLOR_FIELDS.map((field) => (
            <ColorPicker
              key={field}
              field={field}
              label={t(`widgets.appearance.${field}`)}
              value={draft[field]}
              onChange={(value) => change({ [field]: value })}
              errors={errors[field]}
              isDisabled={!canEdit}
            />
          ))}
        </div>
      </div>

      <div className="widget-form-actions">
        <ActionButton type="submit" testId="save-appearance" isPending={save.isPending} isDisabled={!canEdit}>
          {t('widgets.appearance.save')}
        </ActionButton>
      </div>
    </form>
  );
}
