import { Alert, Paper, Stack, TextField, Typography } from '@mui/material';
import type { UseFormReturn } from 'react-hook-form';
import { CameraScanButton } from '@/components/camera/CameraScanButton';
import { formatNumber } from '@/lib/format';
import { useT } from '../i18n';
import type { ReceptionValues } from '../lib/reception-form';
import type { ParsedSerials } from '../lib/serials';

/**
 * The batch's serials, one a line (a wedge scanner's Enter is a new line) or as ranges, with a
 * running count; duplicates and unreadable lines are flagged as they are typed.
 */
export function SerialsSection({
  form,
  parsed,
  autoFocus,
}: {
  form: UseFormReturn<ReceptionValues>;
  parsed: ParsedSerials;
  /** When the type and location are chosen already, the serials are what is left to do. */
  autoFocus: boolean;
}) {
  const { t, i18n } = useT();
  const { register, getValues, setValue, clearErrors, formState } = form;
  const count = parsed.serials.length;
  const error = formState.errors.serials?.message?.trim();
  const flagged = parsed.duplicates.length > 0 || parsed.problems.length > 0;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reception-serials">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1 }}>
        <Typography id="reception-serials" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('reception.serials')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
            {t('reception.count', { count, formattedCount: formatNumber(count, i18n.language) })}
          </Typography>
          <CameraScanButton
            onCode={(code) => {
              // A camera reading is one more line, as a wedge scanner's Enter makes one.
              const current = getValues('serials');
              setValue('serials', `${current}${current && !current.endsWith('\n') ? '\n' : ''}${code}\n`);
              clearErrors('serials');
            }}
          />
        </Stack>
      </Stack>
      <TextField
        fullWidth
        multiline
        minRows={6}
        maxRows={16}
        autoFocus={autoFocus}
        label={t('reception.serials')}
        {...register('serials')}
        error={Boolean(error) || flagged}
        helperText={error || t('reception.serialsHint')}
        slotProps={{
          htmlInput: { spellCheck: false, autoCapitalize: 'off', style: { fontFamily: 'monospace' } },
        }}
      />
      {parsed.duplicates.length > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('reception.duplicates', {
            list: parsed.duplicates.slice(0, 20).join(', ') + (parsed.duplicates.length > 20 ? ', …' : ''),
          })}
        </Alert>
      ) : null}
      {parsed.problems.slice(0, 5).map((problem) => (
        <Alert key={problem.line} severity="warning" sx={{ mt: 1 }}>
          {t('reception.problemLine', {
            line: problem.line,
            text: problem.text.slice(0, 40),
            problem: t(`reception.problems.${problem.problem}`),
          })}
        </Alert>
      ))}
    </Paper>
  );
}
