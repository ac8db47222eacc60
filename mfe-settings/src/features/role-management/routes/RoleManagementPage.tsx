import { Alert, Checkbox, Tooltip, Typography } from '@mui/material';
import { EmptyState, LoadError, Loading, PageHeader } from '@stockwise/kit';
import { errorMessage, hasRole, notify, ROLES, useSession } from '@stockwise/shared';
import { useState } from 'react';
import { useRoles } from '@/api/roles';
import { RoleMatrix } from '@/components/RoleMatrix';
import { useSetUserRoles, useUsers, type CompanyUser } from '@/api/users';
import { useT as useScreensT } from '@/i18n';
import { useT } from '../i18n';

const fullName = (u: CompanyUser) => `${u.firstName} ${u.lastName}`.trim() || u.userName;

/**
 * /settings/role-management — users × roles: each box gives or takes one role at once
 * (PUT /api/users/{id}/roles with the user's new role list). Only a Company Owner gives or takes
 * Company Owner, and the last owner stays one: the API's refusal is shown above the table.
 */
export function RoleManagementPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const users = useUsers();
  const roles = useRoles();
  const save = useSetUserRoles();
  const token = useSession((s) => s.token);
  const isOwner = hasRole(ROLES.companyOwner, token);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The box being saved: the user and role, so only that box waits.
  const [saving, setSaving] = useState<string | null>(null);

  const header = <PageHeader title={ts('screens.roleManagement')} subtitle={t('roleManagement.subtitle')} />;
  const failed = users.error ?? roles.error;
  if (failed)
    return (
      <>
        {header}
        <LoadError
          error={failed}
          onRetry={() => {
            if (users.error) void users.refetch();
            if (roles.error) void roles.refetch();
          }}
        />
      </>
    );
  if (!users.data || !roles.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );

  const toggle = async (user: CompanyUser, role: string, checked: boolean) => {
    setRefusal(null);
    setSaving(`${user.id}:${role}`);
    const next = checked ? [...user.roles, role] : user.roles.filter((r) => r !== role);
    try {
      await save.mutateAsync({ id: user.id, roles: next });
      notify(t(checked ? 'roleManagement.given' : 'roleManagement.taken', { role, name: fullName(user) }), 'success');
    } catch (failure) {
      setRefusal(
        t('roleManagement.refused', {
          name: fullName(user),
          message: errorMessage(failure, t('roleManagement.failed')),
        }),
      );
    } finally {
      setSaving(null);
    }
  };

  return (
    <>
      {header}
      {users.data.length === 0 ? (
        <EmptyState title={t('roleManagement.emptyTitle')} />
      ) : (
        <>
          {refusal ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('roleManagement.nextRequest')}
          </Typography>
          <RoleMatrix
            label={ts('screens.roleManagement')}
            corner={t('roleManagement.user')}
            cornerWidth={180}
            roles={roles.data}
            rows={users.data}
            name={fullName}
            note={(user) => (user.active ? null : t('roleManagement.deactivated'))}
            cell={(user, role) => {
              const ownerLocked = role.name === ROLES.companyOwner && !isOwner;
              const box = (
                <Checkbox
                  checked={user.roles.includes(role.name)}
                  disabled={ownerLocked || saving !== null}
                  onChange={(event) => void toggle(user, role.name, event.target.checked)}
                  slotProps={{
                    input: { 'aria-label': t('roleManagement.holds', { name: fullName(user), role: role.name }) },
                  }}
                />
              );
              return ownerLocked ? (
                <Tooltip title={ts('roles.ownerOnly')}>
                  <span>{box}</span>
                </Tooltip>
              ) : (
                box
              );
            }}
          />
        </>
      )}
    </>
  );
}
