import { TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { checkIn, type Loan } from '@/api/loans';
import { useStatusName } from '@/components/StatusChip';
import { useT } from '../i18n';

type Values = { note: string };

/** Checks a loan in, with an optional note on how it came back; the item is what it was before. */
export function CheckInDialog({
  loan,
  onClose,
  onDone,
}: {
  /** The loan to check in; null: closed. */
  loan: Loan | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const statusName = useStatusName();
  const schema = useMemo(() => z.object({ note: z.string().trim().max(500) }), []);
  return (
    <FormDialog<Values>
      open={loan !== null}
      title={loan ? t('loans.checkInTitle', { serial: loan.serial }) : ''}
      schema={schema}
      defaultValues={{ note: '' }}
      submitLabel={t('loans.checkIn')}
      onSubmit={async (values) => {
        await checkIn(loan!.id, values.note.trim() || undefined);
        notify(t('loans.checkedIn', { serial: loan!.serial }), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field) => (
        <>
          {loan ? (
            <Typography variant="body2" color="text.secondary">
              {t('loans.checkInHint', { name: loan.borrowerName, status: statusName(loan.fromStatus) })}
            </Typography>
          ) : null}
          <TextField label={t('loans.note')} autoFocus {...field('note')} />
        </>
      )}
    </FormDialog>
  );
}
