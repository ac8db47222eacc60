// Money as every screen shows it: the reader's language, the company's currency (ISO 4217).

/** The ISO 4217 codes the browser can format: what a company may choose from (the API checks the same list). */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf('currency');

/** Until a company picks one (and for amounts read before its company is loaded): US dollars. */
export const DEFAULT_CURRENCY = 'USD';

/** An amount as the reader writes money: '€1,234.50' / '1.234,50 €' / '¥1,235'. A dash for none. */
export function formatMoney(value: number | null | undefined, language: string, currency: string): string {
  if (value === null || value === undefined) return '—';
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(value);
}

/** A currency's name in the reader's language ('EUR — Euro'), for pickers. */
export function currencyLabel(code: string, language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'currency' }).of(code);
  return name && name !== code ? `${code} — ${name}` : code;
}
