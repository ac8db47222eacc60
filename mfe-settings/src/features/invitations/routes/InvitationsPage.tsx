import BlockIcon from '@mui/icons-material/BlockOutlined';
import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Chip, Stack, TextField } from '@mui/material';
import { ConfirmDialog, FormDialog, type DataTableProps } from '@stockwise/kit';
import { EMAIL_PATTERN, errorMessage, hasRole, notify, ROLES, useSession } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useRoles } from '@/api/roles';
import { useSeats } from '@/api/seats';
import { actionsColumn } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { PlanLimitAlert, planLimitAction, PlanUsageBar } from '@/components/PlanLimit';
import { RolePicker } from '@/components/RolePicker';
import { useT as useScreensT } from '@/i18n';
import { isPlanLimit } from '@/lib/errors';
import { useDateFormat } from '@/lib/format';
import {
  useCreateInvitation,
  useInvitations,
  useResendInvitation,
  useRevokeInvitation,
  type Invitation,
} from '../api/invitations';
import { useT } from '../i18n';

type Values = { email: string; roles: string[] };
const NEW: Values = { email: '', roles: [] };
// Colours whose text keeps 4.5:1 on the light and the dark paper (MUI's info and warning do not).
const STATUS_COLOR = { pending: 'primary', accepted: 'success', revoked: 'default', expired: 'error' } as const;

/** /settings/invitations — User Invitations: invite by email with roles, copy the link, revoke. */
export function InvitationsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const date = useDateFormat();
  const invitations = useInvitations();
  const seats = useSeats();
  const roles = useRoles();
  const create = useCreateInvitation();
  const revoke = useRevokeInvitation();
  const resend = useResendInvitation();
  const resendOne = async (row: Invitation) => {
    setResendLimit(null);
    try {
      await resend.mutateAsync(row.id);
      notify(t('invitations.resent', { email: row.email }), 'success');
    } catch (failure) {
      // An expired invitation needs a seat again: the plan's refusal with the way to Premium.
      if (isPlanLimit(failure, 'PLAN_LIMIT_USERS')) setResendLimit(errorMessage(failure, ''));
      else notify(errorMessage(failure, t('invitations.resendFailed')), 'error');
    }
  };
  const token = useSession((s) => s.token);
  const isOwner = hasRole(ROLES.companyOwner, token);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [resendLimit, setResendLimit] = useState<string | null>(null);
  const [sent, setSent] = useState<Invitation | null>(null);

  const schema = useMemo(
    () =>
      z.object({
        email: z.string().trim().regex(EMAIL_PATTERN, t('invitations.emailInvalid')),
        roles: z.array(z.string()).min(1, ts('roles.required')),
      }),
    [t, ts],
  );
  const statusName = (status: Invitation['status']) => t(`invitations.statuses.${status}`);
  const text = (row: Invitation, field: string) => {
    switch (field) {
      case 'roles':
        return row.roles.join(', ');
      case 'status':
        return statusName(row.status);
      case 'invitedByUserName':
        return row.invitedByUserName ?? '';
      case 'expiresAt':
        return row.expiresAt;
      case 'createdAt':
        return row.createdAt;
      default:
        return row.email;
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify(t('invitations.copied'), 'success');
    } catch {
      notify(t('invitations.copyFailed'), 'error');
    }
  };

  const columns: DataTableProps<Invitation>['columns'] = [
    { field: 'email', headerName: t('invitations.email'), flex: 1, minWidth: 200 },
    {
      field: 'roles',
      headerName: t('invitations.roles'),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value, row) => row.roles.join(', '),
    },
    {
      field: 'status',
      headerName: t('invitations.status'),
      width: 130,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={STATUS_COLOR[row.status]}
          variant={row.status === 'pending' ? 'filled' : 'outlined'}
          label={statusName(row.status)}
        />
      ),
    },
    { field: 'invitedByUserName', headerName: t('invitations.invitedBy'), width: 140 },
    {
      field: 'expiresAt',
      headerName: t('invitations.expires'),
      width: 130,
      filterable: false,
      valueFormatter: date,
    },
    actionsColumn(
      ts('list.actions'),
      (row) => [
        row.status === 'pending' &&
          Boolean(row.inviteUrl) && {
            label: t('invitations.copy', { email: row.email }),
            icon: <CopyIcon fontSize="small" />,
            onClick: () => void copy(row.inviteUrl!),
          },
        (row.status === 'pending' || row.status === 'expired') && {
          label: t('invitations.resend', { email: row.email }),
          icon: <SendIcon fontSize="small" />,
          disabled: resend.isPending,
          onClick: () => void resendOne(row),
        },
        row.status === 'pending' && {
          label: t('invitations.revoke', { email: row.email }),
          icon: <BlockIcon fontSize="small" />,
          onClick: () => setRevoking(row),
        },
      ],
      3,
    ),
  ];

  const addButton = (
    <Button
      variant="contained"
      onClick={() => {
        setInviting(true);
      }}
    >
      {t('invitations.add')}
    </Button>
  );
  return (
    <ListScreen
      title={ts('screens.invitations')}
      subtitle={t('invitations.subtitle')}
      action={addButton}
      above={
        <>
          {seats.data ? <PlanUsageBar label={ts('plan.seats')} usage={seats.data} limit="users" /> : null}
          {sent?.inviteUrl ? (
            <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSent(null)} data-testid="invitation-sent">
              <Box sx={{ mb: 1 }}>
                {t('invitations.sent', { email: sent.email })} {t('invitations.sentBody')}
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <TextField
                  size="small"
                  label={t('invitations.link')}
                  value={sent.inviteUrl}
                  slotProps={{ htmlInput: { readOnly: true } }}
                  onFocus={(event) => event.target.select()}
                  sx={{ flex: 1, minWidth: 0 }}
                />
                <Button variant="outlined" color="inherit" onClick={() => void copy(sent.inviteUrl!)}>
                  {t('invitations.copyLink')}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          {resendLimit ? <PlanLimitAlert message={resendLimit} /> : null}
        </>
      }
      query={invitations}
      columns={columns}
      text={text}
      searchFields={['email', 'roles', 'status', 'invitedByUserName']}
      empty={{ title: t('invitations.emptyTitle'), body: t('invitations.emptyBody') }}
    >
      <FormDialog
        open={inviting}
        title={t('invitations.add')}
        submitLabel={t('invitations.send')}
        schema={schema}
        defaultValues={NEW}
        // No free seat (403 PLAN_LIMIT_USERS): the API's message with the way to Premium.
        errorAction={planLimitAction}
        onSubmit={async (values) => {
          const invitation = await create.mutateAsync({ email: values.email.trim(), roles: values.roles });
          setSent(invitation);
          notify(t('invitations.sent', { email: invitation.email }), 'success');
        }}
        onClose={() => setInviting(false)}
      >
        {(field, form) => (
          <>
            <TextField label={t('invitations.email')} type="email" required autoFocus {...field('email')} />
            {roles.error ? (
              <Alert severity="error">{errorMessage(roles.error, ts('roles.loadError'))}</Alert>
            ) : (
              <Controller
                control={form.control}
                name="roles"
                render={({ field: picked, fieldState }) => (
                  <RolePicker
                    roles={(roles.data ?? []).map((r) => r.name)}
                    value={picked.value}
                    onChange={picked.onChange}
                    onBlur={picked.onBlur}
                    canGiveOwner={isOwner}
                    error={fieldState.error?.message}
                  />
                )}
              />
            )}
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={revoking !== null}
        destructive
        title={t('invitations.revokeTitle', { email: revoking?.email ?? '' })}
        body={t('invitations.revokeBody')}
        confirmLabel={t('invitations.revokeConfirm')}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          notify(t('invitations.revoked'), 'success');
        }}
        onClose={() => setRevoking(null)}
      />
    </ListScreen>
  );
}
