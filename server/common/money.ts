/** The currency's own decimals (2 for USD, 0 for JPY); two for an unknown or missing code, the common case. */
export function currencyDigits(currency: string | null): number {
  if (!currency) return 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Integer minor units as the decimal string platforms take ("12.50" for 1250 USD, "1250" for 1250 JPY). */
export function fromMinorUnits(minor: number, currency: string | null): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * A decimal amount as platforms send it ("49.90") in integer minor units of the currency (4990; JPY has none).
 * Null when the amount is not a plain decimal.
 */
export function toMinorUnits(decimal: string | number | null | undefined, currency: string | null): number | null {
  if (decimal === null || decimal === undefined) return null;
  const text = String(decimal).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const digits = currencyDigits(currency);
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const minor = Number(whole) * 10 ** digits + Math.round(Number(`0.${fraction || '0'}`) * 10 ** digits);
  return text.startsWith('-') ? -minor : minor;
}
