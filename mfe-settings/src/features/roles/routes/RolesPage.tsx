import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { Button, Chip, Stack, TextField } from '@mui/material';
import { ConfirmDialog, FormDialog, RowAction, type DataTableProps } from '@stockwise/kit';
import { notify } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useRoles, type RoleRow } from '@/api/roles';
import { useDeleteResource, useSaveResource } from '@/api/resource';
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

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('roleList.nameRequired'))
          .max(80, t('roleList.tooLong', { max: 80 })),
      }),
    [t],
  );

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
    {
      field: 'actions',
      headerName: t('roleList.actions'),
      width: 150,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <>
          <RowAction
            label={t('roleList.permissionsOf', { name: row.name })}
            icon={<KeyIcon fontSize="small" />}
            onClick={() => setPermissions(row)}
          />
          {row.builtIn ? null : (
            <>
              <RowAction
                label={t('roleList.rename', { name: row.name })}
                icon={<EditIcon fontSize="small" />}
                onClick={() => setEditing({ row })}
              />
              <RowAction
                label={t('roleList.remove', { name: row.name })}
                icon={<DeleteIcon fontSize="small" />}
                onClick={() => setDeleting(row)}
              />
            </>
          )}
        </>
      ),
    },
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
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={t('roleList.deleteTitle', { name: deleting?.name ?? '' })}
        body={t('roleList.deleteBody')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify(t('roleList.deleted'), 'success');
        }}
        onClose={() => setDeleting(null)}
      />
      <PermissionsDialog role={permissions} onClose={() => setPermissions(null)} />
    </ListScreen>
  );
}
