/**
 * A decimal amount as platforms send it ("49.90") in integer minor units of the currency (4990; JPY has none).
 * Null when the amount is not a plain decimal.
 */
export function toMinorUnits(decimal: string | number | null | undefined, currency: string | null): number | null {
  if (decimal === null || decimal === undefined) return null;
  const text = String(decimal).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  let digits = 2;
  try {
    if (currency)
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // An unknown code: two decimals, the common case.
  }
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const minor = Number(whole) * 10 ** digits + Math.round(Number(`0.${fraction || '0'}`) * 10 ** digits);
  return text.startsWith('-') ? -minor : minor;
}
