import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { call, notify } from '@stockwise/shared';
import { useT } from '../i18n';

/**
 * Ten new recovery codes for the signed-in user (POST /api/auth/mfa/recovery-codes). They are not
 * in the factor verification's answer, which supabase-js stores whole; the call needs the aal2
 * session that verification has just given, and replaces any earlier set.
 */
export const newRecoveryCodes = async (): Promise<string[]> =>
  (await call('POST', '/api/auth/mfa/recovery-codes')).codes;

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
