import { useId, type CSSProperties } from 'react';
import { useT } from '../../i18n/useT';
import { HEX_COLOR } from './validation';

/** 32 presets: greys, the widget's default palette and a spread of brand-friendly hues. */
export const PRESET_COLORS = [
  '#000000',
  '#333333',
  '#555555',
  '#777777',
  '#999999',
  '#cccccc',
  '#eeeeee',
  '#ffffff',
  '#2c3e50',
  '#34495e',
  '#1abc9c',
  '#16a085',
  '#2ecc71',
  '#27ae60',
  '#3498db',
  '#2980b9',
  '#9b59b6',
  '#8e44ad',
  '#f1c40f',
  '#f39c12',
  '#e67e22',
  '#d35400',
  '#e74c3c',
  '#c0392b',
  '#7c3aed',
  '#ec4899',
  '#0ea5e9',
  '#14b8a6',
  '#84cc16',
  '#f59e0b',
  '#ef4444',
  '#64748b',
] as const;

export type TColorField = 'primary_color' | 'secondary_color' | 'text_color' | 'background_color';

export interface ColorPickerProps {
  field: TColorField;
  label: string;
  /** What the merchant typed: a #RRGGBB colour, or a half-typed one until they finish. */
  value: string;
  onChange: (value: string) => void;
  errors?: readonly string[];
  isDisabled?: boolean;
}

/** A palette of preset swatches, the browser's colour picker and a hex field, all editing one colour. */
export function ColorPicker({ field, label, value, onChange, errors = [], isDisabled = false }: ColorPickerProps) {
  const t = useT();
  const id = useId();
  const hexId = `${id}-hex`;
  const errorId = `${id}-error`;
  const normalized = value.trim().toLowerCase();
  const valid = HEX_COLOR.test(normalized);
  const invalid = errors.length > 0;

  return (
    <fieldset className="color-picker" data-testid={`color-${field}`} disabled={isDisabled}>
      <legend className="color-picker-legend">
        <span className="color-preview" style={swatchStyle(valid ? normalized : 'transparent')} aria-hidden="true" />
        {label}
      </legend>
      <div className="swatches" role="group" aria-label={t('widgets.appearance.presets')}>
        {PRESET_COLORS.map((color) => (
          <button
            key={color}
            type="button"
            className="swatch"
            data-testid="swatch"
            data-color={color}
            aria-label={color}
            aria-pressed={normalized === color}
            title={color}
            style={swatchStyle(color)}
            onClick={() => onChange(color)}
          />
        ))}
      </div>
      <div className="color-custom">
        <input
          type="color"
          className="color-native"
          aria-label={`${label}: ${t('widgets.appearance.custom')}`}
          // The native picker only takes a complete colour; it shows black while the hex field is half-typed.
          value={valid ? normalized : '#000000'}
          onChange={(event) => onChange(event.target.value.toLowerCase())}
        />
        <label className="visually-hidden" htmlFor={hexId}>
          {`${label}: ${t('widgets.appearance.hex')}`}
        </label>
        <input
          id={hexId}
          name={field}
          className="input color-hex"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      {invalid && (
        <p id={errorId} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}

/** The one inline style of the page: each swatch's own colour, through a custom property. */
function swatchStyle(color: string): CSSProperties {
  return { '--swatch': color } as CSSProperties;
}
