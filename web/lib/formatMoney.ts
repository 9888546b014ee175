import { numberFormat } from './intlFormat';

/** A price given in integer minor units (cents), with as many decimals as the currency uses (none for JPY). */
export function formatMinorUnits(amount: number, currency: string, locale: string): string {
  try {
    const format = numberFormat(locale, { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    // An unknown currency code: still show the amount rather than break the page.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** How many decimals the currency's amounts have (2 for USD, 0 for JPY; 2 when unknown, as the server assumes). */
export function currencyDigits(currency: string | null): number {
  try {
    if (currency) {
      return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    }
  } catch {
    // An unknown code: two decimals, the common case.
  }
  return 2;
}
