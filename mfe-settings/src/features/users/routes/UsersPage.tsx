import EditIcon from '@mui/icons-material/ManageAccountsOutlined';
import { Alert, Box, Button, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import {
  DataTable,
  type DataTableProps,
  Forbidden,
  FormDialog,
  isForbidden,
  PageHeader,
  useTableParams,
} from '@stockwise/kit';
import { errorMessage, hasRole, notify, ROLES, useSession } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { useRoles } from '@/api/roles';
import { useSeats } from '@/api/seats';
import { PlanUsageBar } from '@/components/PlanLimit';
import { RolePicker } from '@/components/RolePicker';
import { useT as useScreensT } from '@/i18n';
import { localPage } from '@/lib/local-page';
import { useSetUserRoles, useUsers, type CompanyUser } from '../api/users';
import { useT } from '../i18n';

const schema = z.object({ roles: z.array(z.string()) });
const fullName = (u: CompanyUser) => `${u.firstName} ${u.lastName}`.trim() || u.userName;

/** /settings/users — User & User Roles: who is in the company, their roles, the seats in use. */
export function UsersPage() {
  const { t: ts } = useScreensT();
  const { t, i18n } = useT();
  const { params, gridProps } = useTableParams();
  const users = useUsers();
  const seats = useSeats();
  const roles = useRoles();
  const save = useSetUserRoles();
  const token = useSession((s) => s.token);
  const isOwner = hasRole(ROLES.companyOwner, token);
  const [editing, setEditing] = useState<CompanyUser | null>(null);

  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  const text = (row: CompanyUser, field: string) => {
    switch (field) {
      case 'name':
        return fullName(row);
      case 'roles':
        return row.roles.join(', ');
      case 'createdAt':
        return row.createdAt;
      default:
        return String(row[field as keyof CompanyUser] ?? '');
    }
  };
  const page = localPage(users.data, params, text, ['name', 'userName', 'email', 'roles']);

  const columns: DataTableProps<CompanyUser>['columns'] = [
    {
      field: 'name',
      headerName: t('users.name'),
      flex: 1,
      minWidth: 160,
      valueGetter: (_value, row) => fullName(row),
    },
    { field: 'userName', headerName: t('users.userName'), width: 140 },
    { field: 'email', headerName: t('users.email'), flex: 1, minWidth: 180 },
    {
      field: 'roles',
      headerName: t('users.roles'),
      flex: 1.5,
      minWidth: 220,
      sortable: false,
      valueGetter: (_value, row) => row.roles.join(', '),
      renderCell: ({ row }) =>
        row.roles.length ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center', height: '100%' }}>
            {row.roles.map((role) => (
              <Chip key={role} size="small" label={role} />
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('users.noRoles')}
          </Typography>
        ),
    },
    {
      field: 'createdAt',
      headerName: t('users.created'),
      width: 130,
      filterable: false,
      valueFormatter: (value: string) => date.format(new Date(value)),
    },
    {
      field: 'actions',
      headerName: t('users.actions'),
      width: 90,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Tooltip title={t('users.edit', { name: fullName(row) })}>
          <IconButton aria-label={t('users.edit', { name: fullName(row) })} onClick={() => setEditing(row)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const inviteButton = (
    <Button variant="contained" component={RouterLink} to="/settings/invitations">
      {t('users.invite')}
    </Button>
  );
  const forbidden = isForbidden(users.error);

  return (
    <>
      <PageHeader
        title={ts('screens.users')}
        subtitle={t('users.subtitle')}
        actions={forbidden ? undefined : inviteButton}
      />
      {forbidden ? (
        <Forbidden />
      ) : (
        <>
          {seats.data ? <PlanUsageBar label={ts('plan.seats')} usage={seats.data} limit="users" /> : null}
          <DataTable
            label={ts('screens.users')}
            columns={columns}
            rows={page?.items}
            rowCount={page?.total}
            loading={users.isPending}
            error={users.error}
            onRetry={() => void users.refetch()}
            gridProps={gridProps}
            gridOptions={{ getRowHeight: () => 'auto' }}
            empty={{ title: t('users.emptyTitle'), body: t('users.emptyBody'), action: inviteButton }}
          />
        </>
      )}
      <FormDialog
        open={editing !== null}
        title={t('users.editTitle', { name: editing ? fullName(editing) : '' })}
        schema={schema}
        defaultValues={{ roles: editing?.roles ?? [] }}
        onSubmit={async (values) => {
          if (!editing) return;
          await save.mutateAsync({ id: editing.id, roles: values.roles });
          notify(t('users.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(_field, form) =>
          roles.error ? (
            <Alert severity="error">{errorMessage(roles.error, ts('roles.loadError'))}</Alert>
          ) : (
            <Controller
              control={form.control}
              name="roles"
              render={({ field: picked, fieldState }) => (
                <>
                  <RolePicker
                    roles={(roles.data ?? []).map((r) => r.name)}
                    value={picked.value}
                    onChange={picked.onChange}
                    onBlur={picked.onBlur}
                    canGiveOwner={isOwner}
                    error={fieldState.error?.message}
                  />
                  <Typography variant="body2" color="text.secondary">
                    {picked.value.length === 0 ? t('users.noRolesHint') : t('users.nextRequest')}
                  </Typography>
                </>
              )}
            />
          )
        }
      </FormDialog>
    </>
  );
}
