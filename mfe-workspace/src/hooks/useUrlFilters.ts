import { useCallback, useMemo } from 'react';
import { useSearchUpdate } from '@stockwise/kit';
import { useSearchParams } from 'react-router-dom';

/**
 * A screen's filters kept in the URL (`?from=2026-01-01&location=…`), so a reload, the back button
 * or a shared link shows the same report. Each filter is read through its own parser, which turns
 * anything it does not accept into undefined — a hand-edited URL never reaches the API malformed.
 * Changing a filter starts the list again at its first page.
 */
export function useUrlFilters<P extends Record<string, (raw: string) => unknown>>(parsers: P) {
  const [search] = useSearchParams();
  const setSearch = useSearchUpdate();
  const values = useMemo(() => {
    const result: Record<string, unknown> = {};
    for (const [key, parse] of Object.entries(parsers)) {
      const raw = search.get(key);
      result[key] = raw === null || raw === '' ? undefined : parse(raw);
    }
    return result as { [K in keyof P]: Exclude<ReturnType<P[K]>, null> | undefined };
  }, [search, parsers]);

  const set = useCallback(
    (changes: Partial<Record<keyof P, string | number | undefined>>) =>
      setSearch((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        next.delete('page');
        return next;
      }),
    [setSearch],
  );

  const clear = useCallback(
    () => set(Object.fromEntries(Object.keys(parsers).map((key) => [key, undefined])) as never),
    [set, parsers],
  );
  const active = Object.values(values).some((value) => value !== undefined);
  return { values, set, clear, active };
}

/** Parsers for useUrlFilters. */
export const urlFilter = {
  /** A calendar day, yyyy-mm-dd, that exists. */
  day: (raw: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : undefined,
  /** An id: the API checks that it is one of the company's; this only keeps the URL's junk out. */
  id: (raw: string) => (/^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : undefined),
  oneOf:
    <const T extends string>(allowed: readonly T[]) =>
    (raw: string) =>
      (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined,
  /** A whole number in [min, max]. */
  integer: (min: number, max: number) => (raw: string) => {
    const value = Number(raw);
    return /^\d+$/.test(raw) && value >= min && value <= max ? value : undefined;
  },
};
