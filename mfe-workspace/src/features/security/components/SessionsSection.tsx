import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import SmartphoneOutlined from '@mui/icons-material/SmartphoneOutlined';
import { Alert, Box, Button, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@stockwise/kit';
import { errorMessage, notify } from '@stockwise/shared';
import { formatDateTime } from '@/lib/format';
import { useT } from '../i18n';
import { endOtherSessions, endSession, listSessions, SESSIONS_KEY, type SessionRow } from '../lib/sessions';
import { describeUserAgent } from '../lib/user-agent';
import { SectionCard } from './SectionCard';

/**
 * Where the user is signed in: one row per session (device and browser, address, sign-in and last
 * activity), this device marked; sign out one, or every one but this. An ended session's tokens
 * are refused by the API on their next request, so that device lands on the start page.
 */
export function SessionsSection() {
  const { t, i18n } = useT();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: listSessions });
  const [confirmOthers, setConfirmOthers] = useState(false);

  const deviceName = (row: SessionRow) => {
    const { browser, os } = describeUserAgent(row.userAgent);
    if (browser && os) return t('security.sessions.browserOn', { browser, os });
    return browser ?? os ?? t('security.sessions.unknownDevice');
  };
  const end = useMutation({
    mutationFn: (row: SessionRow) => endSession(row.id),
    onSuccess: (_, row) => {
      notify(t('security.sessions.signedOut', { device: deviceName(row) }), 'success');
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });

  const rows = sessions.data ?? [];
  const others = rows.filter((row) => !row.current);
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <SectionCard id="sessions" title={t('security.sessions.title')} hint={t('security.sessions.hint')}>
      {sessions.isError ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void sessions.refetch()}>
              {t('security.retry')}
            </Button>
          }
        >
          {errorMessage(sessions.error, t('security.loadFailed'))}
        </Alert>
      ) : null}
      {end.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {errorMessage(end.error, t('security.sessions.failed'))}
        </Alert>
      ) : null}
      {sessions.isPending ? (
        <Typography color="text.secondary">{t('states.loading')}</Typography>
      ) : (
        <List disablePadding aria-label={t('security.sessions.title')}>
          {rows.map((row) => {
            const device = deviceName(row);
            const { mobile } = describeUserAgent(row.userAgent);
            return (
              <ListItem
                key={row.id}
                divider
                disableGutters
                sx={{
                  flexDirection: { xs: 'column', sm: 'row' },
                  alignItems: { xs: 'stretch', sm: 'center' },
                  gap: 1.5,
                }}
              >
                <Stack direction="row" spacing={1.5} sx={{ flexGrow: 1, minWidth: 0, alignItems: 'flex-start' }}>
                  {mobile ? <SmartphoneOutlined color="action" /> : <ComputerOutlined color="action" />}
                  <Box sx={{ minWidth: 0 }}>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 600 }}>{device}</Typography>
                      {row.current ? (
                        <Chip size="small" color="primary" label={t('security.sessions.thisDevice')} />
                      ) : null}
                    </Stack>
                    <Typography variant="body2" color="text.secondary">
                      {row.ip ? t('security.sessions.place', { ip: row.ip }) : t('security.sessions.unknownPlace')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t('security.sessions.signedIn', { when: when(row.createdAt) })} ·{' '}
                      {t('security.sessions.lastActive', { when: when(row.lastActiveAt) })}
                    </Typography>
                  </Box>
                </Stack>
                {row.current ? null : (
                  <Button
                    variant="outlined"
                    color="error"
                    size="small"
                    sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}
                    aria-label={t('security.sessions.signOutDevice', { device })}
                    loading={end.isPending && end.variables?.id === row.id}
                    disabled={end.isPending}
                    onClick={() => end.mutate(row)}
                  >
                    {t('security.sessions.signOut')}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {sessions.isSuccess ? (
        <Box sx={{ mt: 2 }}>
          {others.length > 0 ? (
            <Button variant="outlined" color="error" onClick={() => setConfirmOthers(true)}>
              {t('security.sessions.signOutOthers')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('security.sessions.onlyThis')}
            </Typography>
          )}
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirmOthers}
        title={t('security.sessions.signOutOthersTitle')}
        body={t('security.sessions.signOutOthersBody')}
        confirmLabel={t('security.sessions.signOutOthers')}
        destructive
        onClose={() => setConfirmOthers(false)}
        onConfirm={async () => {
          const count = await endOtherSessions();
          notify(t('security.sessions.signedOutOthers', { count }), 'success');
          await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
        }}
      />
    </SectionCard>
  );
}
