import { TextField, Typography } from '@mui/material';
import { FormDialog } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { advanceWarrantyClaim, type WarrantyClaim, type WarrantyState } from '@/api/warranty';
import { useT } from '../i18n';
import { isRejection } from '../lib/steps';

type Values = { note: string };

/** One step of a claim with a note; closing before the supplier answered needs one (a rejection). */
export function AdvanceClaimDialog({
  claim,
  to,
  onClose,
  onDone,
}: {
  claim: WarrantyClaim;
  to: Exclude<WarrantyState, 'open'> | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const rejection = to !== null && isRejection(claim.state, to);
  const schema = useMemo(
    () =>
      z.object({
        note: rejection ? z.string().trim().min(1, t('warranty.noteRequired')).max(1000) : z.string().trim().max(1000),
      }),
    [t, rejection],
  );
  const action = to ? t(`warranty.actions.${to}`) : '';
  return (
    <FormDialog<Values>
      open={to !== null}
      title={t('warranty.advanceTitle', { action, serial: claim.serial })}
      schema={schema}
      defaultValues={{ note: '' }}
      submitLabel={action}
      onSubmit={async (values) => {
        const note = values.note.trim();
        await advanceWarrantyClaim(claim.id, { to: to!, ...(note ? { note } : {}) });
        notify(t('warranty.advanced', { serial: claim.serial, state: t(`warranty.states.${to!}`) }), 'success');
        onDone();
      }}
      onClose={onClose}
    >
      {(field) => (
        <>
          {rejection ? (
            <Typography variant="body2" color="text.secondary">
              {t('warranty.rejectHint')}
            </Typography>
          ) : null}
          <TextField
            label={t('warranty.note')}
            required={rejection}
            autoFocus
            multiline
            minRows={2}
            {...field('note')}
          />
        </>
      )}
    </FormDialog>
  );
}
