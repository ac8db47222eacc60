import { Alert, Box, Button, Chip, Link, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '@stockwise/kit';
import { AppError, getAuthClient, notify, readableText, resourceKey } from '@stockwise/shared';
import { PROFILE_KEY } from '@/lib/profile-key';
import { useT } from '../i18n';
import { unwrap } from '../lib/auth-errors';
import { SectionCard } from './SectionCard';

const IDENTITIES_KEY = resourceKey('auth', 'identities');

/**
 * The Google identity connected to the account, with Disconnect — refused (and explained) while it
 * is the only way in: an account whose only identity is Google's has no password to sign in with.
 * Connecting happens on the profile, where the Google flow returns.
 */
export function ConnectedAccounts() {
  const { t } = useT();
  const queryClient = useQueryClient();
  const identities = useQuery({
    queryKey: IDENTITIES_KEY,
    queryFn: async () => (await unwrap((await getAuthClient()).getUserIdentities())).identities,
  });
  const [confirm, setConfirm] = useState(false);

  const all = identities.data ?? [];
  const google = all.find((identity) => identity.provider === 'google');
  const onlyWay = Boolean(google) && all.length < 2;
  const email = typeof google?.identity_data?.email === 'string' ? google.identity_data.email : null;

  return (
    <SectionCard id="accounts" title={t('security.accounts.title')}>
      {identities.isError ? (
        <Alert severity="error" role="alert">
          {t('security.loadFailed')}
        </Alert>
      ) : null}
      {identities.isSuccess ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{t('security.accounts.google')}</Typography>
              {google ? <Chip size="small" color="success" label={t('security.accounts.connected')} /> : null}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {google ? (
                email ? (
                  t('security.accounts.connectedAs', { email })
                ) : null
              ) : (
                <>
                  {t('security.accounts.notConnected')}{' '}
                  <Link component={RouterLink} to="/profile">
                    {t('security.accounts.toProfile')}
                  </Link>
                </>
              )}
            </Typography>
            {onlyWay ? (
              <Typography
                variant="body2"
                id="google-only-way"
                sx={(theme) => ({ mt: 0.5, ...readableText(theme, 'warning') })}
              >
                {t('security.accounts.onlyWay')}
              </Typography>
            ) : null}
          </Box>
          {google ? (
            <Box sx={{ flexShrink: 0 }}>
              <Button
                variant="outlined"
                color="error"
                disabled={onlyWay}
                aria-describedby={onlyWay ? 'google-only-way' : undefined}
                onClick={() => setConfirm(true)}
              >
                {t('security.accounts.disconnect')}
              </Button>
            </Box>
          ) : null}
        </Stack>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={t('security.accounts.disconnectTitle')}
        body={t('security.accounts.disconnectBody')}
        confirmLabel={t('security.accounts.disconnect')}
        destructive
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          const { error } = await (await getAuthClient()).unlinkIdentity(google!);
          if (error) throw new AppError(t('security.accounts.failed'));
          notify(t('security.accounts.disconnected'), 'success');
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: IDENTITIES_KEY }),
            queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
          ]);
        }}
      />
    </SectionCard>
  );
}
