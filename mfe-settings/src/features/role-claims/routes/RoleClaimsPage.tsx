import { Alert, Button, Checkbox, Stack, Typography } from '@mui/material';
import { EmptyState, LoadError, Loading, PageHeader } from '@stockwise/kit';
import { errorMessage, notify, ROLES } from '@stockwise/shared';
import { useMemo, useState } from 'react';
import { useTransactionTypes } from '@/api/catalogue';
import { useRoles } from '@/api/roles';
import { RoleMatrix } from '@/components/RoleMatrix';
import { useT as useScreensT } from '@/i18n';
import { useRoleClaims, useSaveRoleClaims, type RoleClaims } from '../api/role-claims';
import { useT } from '../i18n';
import { sameSet, typesOf, withTypes } from '../lib/matrix';

/** /settings/role-claims — Roles and Transaction Type Access: roles × transaction types, saved at once. */
export function RoleClaimsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const roles = useRoles();
  const types = useTransactionTypes();
  const claimQueries = useRoleClaims(roles.data);
  const save = useSaveRoleClaims();
  // The roles changed here and not saved yet: role id → the transaction types it may run.
  const [draft, setDraft] = useState<Record<string, Set<string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const claimsByRole = useMemo(() => {
    const byRole = new Map<string, RoleClaims>();
    for (const query of claimQueries) if (query.data) byRole.set(query.data.roleId, query.data);
    return byRole;
  }, [claimQueries]);

  const failed = [roles, types, ...claimQueries].find((q) => q.error);
  const pending = roles.isPending || types.isPending || claimQueries.some((q) => q.isPending);
  const retry = () => {
    for (const q of [roles, types, ...claimQueries]) if (q.error) void q.refetch();
  };

  const base = (roleId: string) => typesOf(claimsByRole.get(roleId)?.claims ?? []);
  const effective = (roleId: string) => draft[roleId] ?? base(roleId);
  const toggle = (roleId: string, typeId: string, checked: boolean) => {
    const next = new Set(effective(roleId));
    if (checked) next.add(typeId);
    else next.delete(typeId);
    setDraft((current) => {
      const { [roleId]: _dropped, ...rest } = current;
      return sameSet(next, base(roleId)) ? rest : { ...rest, [roleId]: next };
    });
  };
  // In the roles' order (the API's), whatever order they were changed in.
  const changed = (roles.data ?? []).filter((role) => draft[role.id] !== undefined);
  const saveAll = async () => {
    setRefusal(null);
    const changes = changed.map((role) => ({
      roleId: role.id,
      claims: withTypes(claimsByRole.get(role.id)?.claims ?? [], draft[role.id]!),
    }));
    try {
      await save.mutateAsync(changes);
      setDraft({});
      notify(t('roleClaims.saved'), 'success');
    } catch (failure) {
      // Nothing was saved: every change stays on screen to fix and save again.
      setRefusal(errorMessage(failure, t('roleClaims.failed')));
    }
  };

  const header = <PageHeader title={ts('screens.roleClaims')} subtitle={t('roleClaims.subtitle')} />;
  if (failed && !pending)
    return (
      <>
        {header}
        <LoadError error={failed.error} onRetry={retry} />
      </>
    );
  if (pending || !roles.data || !types.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );

  const typeRows = types.data;
  const roleColumns = roles.data;
  return (
    <>
      {header}
      {typeRows.length === 0 ? (
        <EmptyState title={t('roleClaims.emptyTitle')} />
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('roleClaims.ownerAll')}
          </Typography>
          <RoleMatrix
            label={ts('screens.roleClaims')}
            corner={t('roleClaims.type')}
            cornerWidth={160}
            roles={roleColumns}
            rows={typeRows}
            name={(type) => type.name}
            note={(type) => (type.active ? null : t('roleClaims.inactive'))}
            cell={(type, role) => {
              const owner = role.name === ROLES.companyOwner || claimsByRole.get(role.id)?.implicit;
              return (
                <Checkbox
                  checked={owner ? true : effective(role.id).has(type.id)}
                  disabled={Boolean(owner) || save.isPending}
                  onChange={(event) => toggle(role.id, type.id, event.target.checked)}
                  slotProps={{ input: { 'aria-label': t('roleClaims.may', { role: role.name, type: type.name }) } }}
                />
              );
            }}
          />
          {refusal ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('roleClaims.notSaved', { message: refusal })}
            </Alert>
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2, alignItems: { sm: 'center' } }}>
            <Button
              variant="contained"
              disabled={changed.length === 0}
              loading={save.isPending}
              onClick={() => void saveAll()}
            >
              {t('roleClaims.save')}
            </Button>
            <Button disabled={changed.length === 0 || save.isPending} onClick={() => setDraft({})}>
              {t('roleClaims.discard')}
            </Button>
            {changed.length ? (
              <Typography variant="body2" color="text.secondary" role="status">
                {t('roleClaims.changed', { roles: changed.map((r) => r.name).join(', ') })}
              </Typography>
            ) : null}
          </Stack>
        </>
      )}
    </>
  );
}
