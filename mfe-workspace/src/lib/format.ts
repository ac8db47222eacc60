// Numbers, money and dates in the user's language (i18next's current language).

// Money is shown by @stockwise/shared's useMoney (the company's currency); here only what is typed.

/** A price as the user types it: no grouping, the language's decimal mark ('1234.5' / '1234,5'). */
export function moneyInput(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return '';
  return new Intl.NumberFormat(language, { useGrouping: false, maximumFractionDigits: 2 }).format(value);
}

/**
 * What the user typed as an amount: digits with an optional decimal mark (either '.' or ',') and at
 * most two decimals; null when it is not one. Grouping marks are refused rather than guessed.
 */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (!/^\d{1,12}([.,]\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed.replace(',', '.'));
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

export function formatDateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/** A calendar day the API gives as yyyy-mm-dd (a UTC day), short: '3 Nov' / '3 Kas'. */
export function formatDay(day: string, language: string): string {
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T00:00:00Z`),
  );
}

/** A number for a chart's axis: short ('40K' / '40 B'). */
export function formatCompact(value: number, language: string): string {
  return new Intl.NumberFormat(language, { notation: 'compact' }).format(value);
}
