import BlockIcon from '@mui/icons-material/BlockOutlined';
import EditIcon from '@mui/icons-material/ManageAccountsOutlined';
import RestoreIcon from '@mui/icons-material/HowToRegOutlined';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { ConfirmDialog, FormDialog, type DataTableProps } from '@stockwise/kit';
import { errorMessage, hasRole, notify, ROLES, useSession } from '@stockwise/shared';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { useRoles } from '@/api/roles';
import { useSeats } from '@/api/seats';
import { useSetUserActive, useSetUserRoles, useUsers, type CompanyUser } from '@/api/users';
import { actionsColumn } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { PlanUsageBar } from '@/components/PlanLimit';
import { RolePicker } from '@/components/RolePicker';
import { useT as useScreensT } from '@/i18n';
import { useDateFormat } from '@/lib/format';
import { useT } from '../i18n';

const schema = z.object({ roles: z.array(z.string()) });
const fullName = (u: CompanyUser) => `${u.firstName} ${u.lastName}`.trim() || u.userName;

/** /settings/users — User & User Roles: who is in the company, their roles, the seats in use. */
export function UsersPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const users = useUsers();
  const seats = useSeats();
  const roles = useRoles();
  const save = useSetUserRoles();
  const setActive = useSetUserActive();
  const date = useDateFormat();
  const token = useSession((s) => s.token);
  const me = useSession((s) => s.user?.userName);
  const isOwner = hasRole(ROLES.companyOwner, token);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [switching, setSwitching] = useState<CompanyUser | null>(null);

  const text = (row: CompanyUser, field: string) => {
    switch (field) {
      case 'name':
        return fullName(row);
      case 'roles':
        return row.roles.join(', ');
      case 'active':
        return row.active ? t('users.active') : t('users.deactivated');
      default:
        return String(row[field as keyof CompanyUser] ?? '');
    }
  };
  // Neither yourself nor a Company Owner can be deactivated (the API refuses both).
  const canSwitch = (row: CompanyUser) => row.userName !== me && !row.roles.includes(ROLES.companyOwner);

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
      field: 'active',
      headerName: t('users.status'),
      width: 130,
      renderCell: ({ row }) =>
        row.active ? (
          t('users.active')
        ) : (
          <Chip size="small" color="warning" variant="outlined" label={t('users.deactivated')} />
        ),
    },
    {
      field: 'createdAt',
      headerName: t('users.created'),
      width: 130,
      filterable: false,
      valueFormatter: date,
    },
    actionsColumn(ts('list.actions'), (row) => [
      {
        label: t('users.edit', { name: fullName(row) }),
        icon: <EditIcon fontSize="small" />,
        onClick: () => setEditing(row),
      },
      canSwitch(row) && {
        label: t(row.active ? 'users.deactivate' : 'users.reactivate', { name: fullName(row) }),
        icon: row.active ? <BlockIcon fontSize="small" /> : <RestoreIcon fontSize="small" />,
        onClick: () => setSwitching(row),
      },
    ]),
  ];

  return (
    <ListScreen
      title={ts('screens.users')}
      subtitle={t('users.subtitle')}
      action={
        <>
          <Button component={RouterLink} to="/settings/role-management">
            {ts('screens.roleManagement')}
          </Button>
          <Button component={RouterLink} to="/settings/roles">
            {ts('screens.roles')}
          </Button>
          <Button variant="contained" component={RouterLink} to="/settings/invitations">
            {t('users.invite')}
          </Button>
        </>
      }
      above={seats.data ? <PlanUsageBar label={ts('plan.seats')} usage={seats.data} limit="users" /> : null}
      query={users}
      columns={columns}
      text={text}
      searchFields={['name', 'userName', 'email', 'roles']}
      gridOptions={{ getRowHeight: () => 'auto' }}
      empty={{ title: t('users.emptyTitle'), body: t('users.emptyBody') }}
    >
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
      <ConfirmDialog
        open={switching !== null}
        destructive={switching?.active ?? false}
        title={t(switching?.active ? 'users.deactivateTitle' : 'users.reactivateTitle', {
          name: switching ? fullName(switching) : '',
        })}
        body={switching?.active ? t('users.deactivateBody') : t('users.reactivateBody')}
        confirmLabel={switching?.active ? t('users.deactivateConfirm') : t('users.reactivateConfirm')}
        onConfirm={async () => {
          if (!switching) return;
          await setActive.mutateAsync({ id: switching.id, active: !switching.active });
          notify(switching.active ? t('users.deactivated') : t('users.reactivated'), 'success');
        }}
        onClose={() => setSwitching(null)}
      />
    </ListScreen>
  );
}
