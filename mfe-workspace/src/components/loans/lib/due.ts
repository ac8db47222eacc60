/** A day as yyyy-mm-dd in the device's time zone (what a date field shows and gives). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The due time the API keeps for a day chosen on the screen: the end of that day where the person
 * lending is — a loan due "today" is overdue from tomorrow, not from this morning.
 */
export function dueAtEndOf(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 23, 59, 59, 999).toISOString();
}
