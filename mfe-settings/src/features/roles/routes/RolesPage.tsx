import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Button, Chip, Stack, TextField } from '@mui/material';
import { FormDialog, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useRoles, type RoleRow } from '@/api/roles';
import { useDeleteResource, useSaveResource } from '@/api/resource';
import { actionsColumn, deleteAction, DeleteDialog, editAction, nameSchema } from '@/components/list-parts';
import { ListScreen } from '@/components/ListScreen';
import { useT as useScreensT } from '@/i18n';
import { PermissionsDialog } from '../components/PermissionsDialog';
import { useT } from '../i18n';

/** /settings/roles — the six built-in roles (fixed) and the company's own, and what each may do. */
export function RolesPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const roles = useRoles();
  // Roles are given by name: a rename or delete moves the users list too.
  const save = useSaveResource('roles', ['users', 'invitations']);
  const remove = useDeleteResource('roles', ['users']);
  const [editing, setEditing] = useState<{ row: RoleRow | null } | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const [permissions, setPermissions] = useState<RoleRow | null>(null);

  const schema = useMemo(() => z.object({ name: nameSchema(ts, 80) }), [ts]);

  const columns: DataTableProps<RoleRow>['columns'] = [
    {
      field: 'name',
      headerName: t('roleList.name'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.name}</span>
          {row.builtIn ? <Chip size="small" label={t('roleList.builtIn')} /> : null}
        </Stack>
      ),
    },
    { field: 'userCount', headerName: t('roleList.users'), width: 110, type: 'number' },
    actionsColumn(
      ts('list.actions'),
      (row) => [
        {
          label: t('roleList.permissionsOf', { name: row.name }),
          icon: <KeyIcon fontSize="small" />,
          onClick: () => setPermissions(row),
        },
        // The built-in roles of spec §6 are neither renamed nor deleted.
        !row.builtIn && editAction(t('roleList.rename', { name: row.name }), () => setEditing({ row })),
        !row.builtIn && deleteAction(ts('list.remove', { name: row.name }), () => setDeleting(row)),
      ],
      3,
    ),
  ];

  return (
    <ListScreen
      title={ts('screens.roles')}
      subtitle={t('roleList.subtitle')}
      action={
        <Button variant="contained" onClick={() => setEditing({ row: null })}>
          {t('roleList.add')}
        </Button>
      }
      query={roles}
      columns={columns}
      text={(row, field) =>
        field === 'userCount' ? String(row.userCount).padStart(6, '0') : `${row.name}${row.builtIn ? ' built-in' : ''}`
      }
      searchFields={['name']}
      empty={{ title: t('roleList.emptyTitle') }}
    >
      <FormDialog
        open={editing !== null}
        title={editing?.row ? t('roleList.renameTitle', { name: editing.row.name }) : t('roleList.add')}
        schema={schema}
        defaultValues={{ name: editing?.row?.name ?? '' }}
        onSubmit={async (values) => {
          await save.mutateAsync({ id: editing?.row?.id ?? null, body: { name: values.name.trim() } });
          notify(t('roleList.saved'), 'success');
        }}
        onClose={() => setEditing(null)}
      >
        {(field) => (
          <TextField
            label={t('roleList.name')}
            required
            autoFocus
            {...field('name')}
            helperText={field('name').helperText ?? t('roleList.nameHint')}
          />
        )}
      </FormDialog>
      <DeleteDialog
        row={deleting}
        body={t('roleList.deleteBody')}
        done={t('roleList.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setDeleting(null)}
      />
      <PermissionsDialog role={permissions} onClose={() => setPermissions(null)} />
    </ListScreen>
  );
}
