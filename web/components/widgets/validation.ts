import type { TFunction } from 'i18next';
import { CUSTOM_SELECTOR_MAX_LENGTH, WIDGET_TITLE_MAX_LENGTH } from '../../../shared/widget-options.js';
import type { TFieldErrors } from '../form/apiErrors';

// The rules of ZWidgetSettings / ZProductOverrideInput (shared/widgets.ts), checked by hand before a save so the
// merchant sees them at once and in their language; the server checks again with the schemas.

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function selectorErrors(t: TFunction, position: string, selector: string): string[] {
  const value = selector.trim();
  if (position === 'custom' && !value) return [t('widgets.errors.selectorRequired')];
  if (value.length > CUSTOM_SELECTOR_MAX_LENGTH)
    return [t('widgets.errors.selectorTooLong', { max: CUSTOM_SELECTOR_MAX_LENGTH })];
  if (/[<{};]/.test(value)) return [t('widgets.errors.selectorCharacters')];
  return [];
}

export function titleErrors(t: TFunction, title: string): string[] {
  return title.trim().length > WIDGET_TITLE_MAX_LENGTH
    ? [t('widgets.errors.titleTooLong', { max: WIDGET_TITLE_MAX_LENGTH })]
    : [];
}

/** Only the fields that have messages. */
export function compactErrors(errors: TFieldErrors): TFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, messages]) => messages.length > 0));
}
