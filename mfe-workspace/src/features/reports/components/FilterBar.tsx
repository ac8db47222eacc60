import { Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** A report's filters in a row (a column on a phone), with "Clear filters" when any is set. */
export function FilterBar({
  active,
  onClear,
  children,
}: {
  active: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Stack
      component="section"
      aria-label={t('reports.filters')}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ mb: 2, flexWrap: 'wrap', alignItems: { md: 'center' } }}
    >
      {children}
      {active ? <Button onClick={onClear}>{t('reports.clear')}</Button> : null}
    </Stack>
  );
}
