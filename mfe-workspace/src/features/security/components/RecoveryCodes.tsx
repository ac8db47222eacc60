import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { notify } from '@stockwise/shared';
import { useT } from '../i18n';

/**
 * The recovery codes the auth service answers when a factor is verified for the first time: the
 * one place that knows where they are in that answer (`recovery_codes`, a list of strings).
 * Absent or malformed: none to show.
 */
export function recoveryCodesOf(verified: unknown): string[] {
  const codes = (verified as { recovery_codes?: unknown } | null)?.recovery_codes;
  return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
}

/** The ten codes, shown once, to copy or write down before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useT();
  return (
    <Alert severity="warning" icon={false} role="region" aria-label={t('security.mfa.recovery.title')}>
      <Typography sx={{ fontWeight: 700 }}>{t('security.mfa.recovery.title')}</Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {t('security.mfa.recovery.hint')}
      </Typography>
      <Box
        component="ol"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
          gap: 1,
          pl: 0,
          m: 0,
          listStyle: 'none',
          fontFamily: 'monospace',
          fontSize: 15,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(codes.join('\n'))
              .then(() => notify(t('security.mfa.recovery.copied'), 'success'));
          }}
        >
          {t('security.mfa.recovery.copy')}
        </Button>
        <Button variant="contained" size="small" onClick={onDone}>
          {t('security.mfa.recovery.done')}
        </Button>
      </Stack>
    </Alert>
  );
}
