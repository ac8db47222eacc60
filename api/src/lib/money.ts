// Money rules the API shares: which currency codes exist, how many decimals a currency's amounts have,
// and how many decimals a tax rate may have.

/** The ISO 4217 codes this runtime knows (Node 20's ICU: the same list a browser's Intl formats). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

export const isCurrency = (code: string) => CURRENCIES.has(code);

const DIGITS = new Map<string, number>();

/**
 * The decimals of a currency's amounts as they are shown (JPY 0, EUR 2), capped at the two that every
 * amount column stores: a tax is rounded to them, so a receipt's lines add up to what it shows.
 */
export function currencyDigits(currency: string): number {
  // Remembered per code: building an Intl.NumberFormat was 2 % of the API's CPU under sales (one a
  // sale), and the codes are the few ICU knows (isCurrency), so the map stays that small.
  let digits = DIGITS.get(currency);
  if (digits === undefined) {
    digits = Math.min(
      2,
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2,
    );
    DIGITS.set(currency, digits);
  }
  return digits;
}

/** A percent with at most three decimals (8.875 % exists; the column keeps three). */
export const TAX_RATE_DECIMALS = 3;
export const hasAtMostDecimals = (n: number, decimals: number) =>
  Number.isFinite(n) && Number(n.toFixed(decimals)) === n;
