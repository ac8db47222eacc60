import { Chip, Stack, Typography } from '@mui/material';
import type { Loan } from '@/api/loans';
import { formatDate } from '@/lib/format';
import { useT } from '../i18n';

/** A loan in one line: to whom, due when, overdue in red. */
export function LoanLine({ loan }: { loan: Loan }) {
  const { t, i18n } = useT();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} component="span">
      <Typography component="span" variant="body2">
        {t('loans.lentTo', { name: loan.borrowerName })} ·{' '}
        {t('loans.due', { date: formatDate(loan.dueAt, i18n.language) })}
      </Typography>
      {loan.overdue ? <Chip size="small" color="error" label={t('loans.overdue')} data-testid="loan-overdue" /> : null}
    </Stack>
  );
}
