import { useMemo } from 'react';
import { useT } from '@/i18n';

/** A date as the screen's language writes it (medium: "1 Mar 2025"). */
export function useDateFormat(): (iso: string) => string {
  const { i18n } = useT();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.language]);
}
