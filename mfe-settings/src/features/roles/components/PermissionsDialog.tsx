import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
} from '@mui/material';
import { FormDialog, LoadError, Loading } from '@stockwise/kit';
import { notify, useCommonT } from '@stockwise/shared';
import { z } from 'zod';
import { useRoleClaimsOf, useSetRoleClaims, type Permission, type RoleRow } from '@/api/roles';
import { useT } from '../i18n';
import { PERMISSION_GROUPS, permissionKey } from '../lib/permissions';

const schema = z.object({ permissions: z.array(z.string()) });
type Values = z.infer<typeof schema>;

/**
 * A role's permissions as checkboxes, saved with PUT /api/roles/{id}/claims — its transaction
 * types (the access matrix's part) kept as they are. The Company Owner's are shown, not changed.
 */
export function PermissionsDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const { t } = useT();
  const { t: tc } = useCommonT();
  const claims = useRoleClaimsOf(role?.id ?? null);
  const save = useSetRoleClaims();
  const title = t('roleList.permissionsTitle', { name: role?.name ?? '' });

  if (role && (!claims.data || claims.data.implicit || claims.data.roleId !== role.id)) {
    return (
      <Dialog open onClose={onClose} aria-labelledby="permissions-title" maxWidth="sm" fullWidth>
        <DialogTitle id="permissions-title">{title}</DialogTitle>
        <DialogContent>
          {claims.error ? (
            <LoadError error={claims.error} onRetry={() => void claims.refetch()} />
          ) : claims.data?.implicit ? (
            <>
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('roleList.ownerAll')}
              </Alert>
              <Groups checked={() => true} disabled />
            </>
          ) : (
            <Loading />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{tc('actions.close')}</Button>
        </DialogActions>
      </Dialog>
    );
  }

  const held = (claims.data?.claims ?? []).filter((c) => c.type === 'permission').map((c) => c.value);
  return (
    <FormDialog<Values>
      open={role !== null}
      title={title}
      schema={schema}
      defaultValues={{ permissions: held }}
      onSubmit={async (values) => {
        if (!role || !claims.data) return;
        const types = claims.data.claims.filter((c) => c.type === 'transaction-type');
        const permissions = values.permissions.map((value) => ({
          type: 'permission' as const,
          value: value as Permission,
        }));
        await save.mutateAsync({ id: role.id, claims: [...permissions, ...types] });
        notify(t('roleList.permissionsSaved'), 'success');
      }}
      onClose={onClose}
    >
      {(_field, form) => {
        const chosen = form.watch('permissions');
        return (
          <>
            <Alert severity="info" variant="outlined">
              {t('roleList.permissionsHint')}
            </Alert>
            <Groups
              checked={(p) => chosen.includes(p)}
              onChange={(p, on) =>
                form.setValue('permissions', on ? [...chosen, p] : chosen.filter((x) => x !== p), { shouldDirty: true })
              }
            />
          </>
        );
      }}
    </FormDialog>
  );
}

function Groups({
  checked,
  onChange,
  disabled = false,
}: {
  checked: (p: Permission) => boolean;
  onChange?: (p: Permission, on: boolean) => void;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <>
      {Object.entries(PERMISSION_GROUPS).map(([group, permissions]) => (
        <FormControl key={group} component="fieldset" disabled={disabled} sx={{ mb: 1 }}>
          <FormLabel component="legend">{t(`roleList.groups.${group as keyof typeof PERMISSION_GROUPS}`)}</FormLabel>
          <FormGroup>
            {permissions.map((p) => (
              <FormControlLabel
                key={p}
                label={t(`roleList.permissions.${permissionKey(p)}` as 'roleList.permissions.items_view')}
                control={<Checkbox checked={checked(p)} onChange={(event) => onChange?.(p, event.target.checked)} />}
              />
            ))}
          </FormGroup>
        </FormControl>
      ))}
    </>
  );
}
