/**
 * A byte count as people read it, in the reader's language: binary steps (as the API counts the
 * allowance) shown as KB / MB / GB with at most one decimal — “12.5 MB”, “10 GB”, “12,5 MB” in Turkish.
 */
export function formatBytes(bytes: number, locale: string): string {
  // From kilobytes up: “0 kB” reads better beside “100 MB” than “0 byte”.
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
