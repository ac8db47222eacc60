/**
 * The report's period as the API takes it, from the days the user picked in their own time zone:
 * `from` is the first day's local midnight, `to` (exclusive) the local midnight after the last day.
 */
export function periodOf(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const midnight = (day: string, addDays = 0) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return new Date(year, month - 1, date + addDays).toISOString();
  };
  return { from: from ? midnight(from) : undefined, to: to ? midnight(to, 1) : undefined };
}
