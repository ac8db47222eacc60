import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { EmptyState, LoadError, Loading, RowAction } from '@stockwise/kit';
import { ROLES, useAccess } from '@stockwise/shared';
import { useState } from 'react';
import { deleteAction, DeleteDialog, editAction } from '@/components/list-parts';
import { useDeleteSsoProvider, useDevelopmentStandIn, useSsoProviders, type SsoProvider } from '../api/sso-providers';
import { useT } from '../i18n';
import { SsoProviderDialog } from './SsoProviderDialog';

/** The company's own OpenID Connect providers: listed (never their secret), added, edited, removed. */
export function SsoProvidersCard() {
  const { t } = useT();
  const providers = useSsoProviders();
  const remove = useDeleteSsoProvider();
  const standIn = useDevelopmentStandIn();
  // Adding or changing a provider is the owner's (the API's rule: it signs in anyone, owners too);
  // with no access answer to read, the API decides.
  const access = useAccess();
  const mayChange = access.unavailable || access.holds(ROLES.companyOwner);
  const [adding, setAdding] = useState(false);
  // The provider stays while its dialog closes: the dialog fades out as it was, not as an empty add form.
  const [editing, setEditing] = useState<{ provider: SsoProvider; open: boolean } | null>(null);
  const [removing, setRemoving] = useState<SsoProvider | null>(null);

  const add = mayChange ? (
    <Button variant="contained" onClick={() => setAdding(true)}>
      {t('security.sso.add')}
    </Button>
  ) : null;

  return (
    <Card variant="outlined" component="section" aria-labelledby="sso-title">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography id="sso-title" variant="h6" component="h2">
              {t('security.sso.title')}
            </Typography>
            {providers.data?.length ? add : null}
          </Stack>
          <Typography color="text.secondary">{t('security.sso.explain')}</Typography>
          {mayChange ? null : <Typography color="text.secondary">{t('security.sso.ownerOnly')}</Typography>}
          {providers.isPending ? (
            <Loading />
          ) : providers.isError ? (
            <LoadError error={providers.error} onRetry={() => void providers.refetch()} />
          ) : providers.data.length === 0 ? (
            <EmptyState title={t('security.sso.emptyTitle')} body={t('security.sso.emptyBody')} action={add} />
          ) : (
            <List aria-label={t('security.sso.list')} disablePadding>
              {providers.data.map((provider) => (
                <ProviderItem
                  key={provider.id}
                  provider={provider}
                  isStandIn={provider.issuer === standIn?.issuer}
                  onEdit={mayChange ? () => setEditing({ provider, open: true }) : undefined}
                  onRemove={() => setRemoving(provider)}
                />
              ))}
            </List>
          )}
        </Stack>
      </CardContent>
      <SsoProviderDialog open={adding} standIn={standIn} onClose={() => setAdding(false)} />
      {editing ? (
        <SsoProviderDialog
          key={editing.provider.id}
          open={editing.open}
          provider={editing.provider}
          standIn={standIn}
          onClose={() => setEditing({ ...editing, open: false })}
        />
      ) : null}
      <DeleteDialog
        row={removing && { id: removing.id, name: removing.domain }}
        body={t('security.sso.deleteBody')}
        done={t('security.sso.deleted')}
        remove={remove.mutateAsync}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

function ProviderItem({
  provider,
  isStandIn,
  onEdit,
  onRemove,
}: {
  provider: SsoProvider;
  isStandIn: boolean;
  /** Absent: the caller may not change it (only remove it). */
  onEdit?: () => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const actions = [
    ...(onEdit ? [editAction(t('security.sso.edit', { domain: provider.domain }), onEdit)] : []),
    deleteAction(t('security.sso.remove', { domain: provider.domain }), onRemove),
  ];
  return (
    <ListItem
      divider
      sx={{ pr: 12 }}
      secondaryAction={actions.map((action) => (
        <RowAction key={action.label} {...action} />
      ))}
      aria-label={provider.domain}
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {provider.domain}
            </Box>
            {isStandIn ? (
              <Tooltip title={t('security.sso.standInHint')}>
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<ConstructionOutlined />}
                  label={t('security.sso.standIn')}
                />
              </Tooltip>
            ) : null}
          </Stack>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block', wordBreak: 'break-all' }}>
              {provider.issuer} · {t('security.sso.clientId')}: {provider.clientId} ·{' '}
              {provider.hasClientSecret ? t('security.sso.secretKept') : t('security.sso.noSecret')}
            </Box>
            <Box component="span" sx={{ display: 'block', wordBreak: 'break-all' }}>
              {t('security.sso.redirectUri', { uri: provider.redirectUri })}
            </Box>
          </>
        }
      />
    </ListItem>
  );
}
