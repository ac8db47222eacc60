import { Alert, Box, Container, Paper, Stack } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { errorMessage, resourceKey, useAccess } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { listBrands, listItemTypes } from '@/api/inventory';
import { ItemPhotos } from '@/components/ItemPhotos';
import { PrintLabelsButton } from '@/components/PrintLabels';
import { Forbidden, isForbidden, LoadError, Loading, statusOf } from '@/components/ScreenStates';
import { ConflictAlert } from '../components/ConflictAlert';
import { FindItemForm } from '../components/FindItemForm';
import { ItemEditForm } from '../components/ItemEditForm';
import { useEditedItem } from '../hooks/useEditedItem';
import { useT } from '../i18n';
import { patchOf, type ItemDraft } from '../lib/item-draft';

/**
 * /reporting/edit-item: find an item (`?serial=`), correct its master data with its item type's
 * fields, save with the version read (PATCH); a conflict says someone else changed it and what.
 */
export function EditItemPage() {
  const { t } = useT();
  const access = useAccess();
  // The API leaves cost out of the item, and refuses it in an edit, without this claim.
  const seesCost = access.can('items.cost.view');
  const [search, setSearch] = useSearchParams();
  const wanted = search.get('serial')?.trim() ?? '';
  const types = useQuery({ queryKey: resourceKey('item-types'), queryFn: listItemTypes });
  const brands = useQuery({ queryKey: resourceKey('brands'), queryFn: listBrands });
  const { found, base, start, conflict, message, setMessage, save, reload, savePhotos } = useEditedItem(wanted);
  const definitions = (base && types.data?.find((type) => type.id === base.itemTypeId)?.fields) || [];
  const failure = [found, types, brands].find(
    (query) => query.isError && !(query === found && statusOf(query.error) === 404),
  );

  function saveDraft(draft: ItemDraft) {
    if (!base) return;
    const body = patchOf(base, draft, definitions, seesCost);
    if (!body) {
      setMessage(t('editItem.nothingChanged'));
      return;
    }
    setMessage(null);
    save.mutate({ id: base.id, body });
  }

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('editItem.title')} subtitle={t('editItem.subtitle')} />
      <Stack spacing={2}>
        <FindItemForm
          initial={wanted}
          onFind={(serial) => {
            setMessage(null);
            setSearch(new URLSearchParams({ serial }));
          }}
        />
        {failure ? (
          isForbidden(failure.error) ? (
            <Forbidden />
          ) : (
            <LoadError error={failure.error} onRetry={() => void failure.refetch()} />
          )
        ) : null}
        {found.isError && statusOf(found.error) === 404 ? (
          <Alert severity="info" role="status">
            {t('scan.notFound', { serial: wanted })}
          </Alert>
        ) : null}
        {found.isFetching && !base ? <Loading /> : null}
        {conflict ? (
          <ConflictAlert base={base} conflict={conflict} onReload={reload} />
        ) : save.isError ? (
          <Alert severity="error" role="alert">
            {errorMessage(save.error, t('editItem.failed'))}
          </Alert>
        ) : null}
        {message ? (
          <Alert severity="success" role="status">
            {message}
          </Alert>
        ) : null}
        {base && start ? (
          <ItemEditForm
            // Filled afresh from each item found, saved or reloaded (not from a photo's new version).
            key={`${start.id}@${start.version}`}
            base={base}
            start={start}
            definitions={definitions}
            brands={brands.data ?? []}
            seesCost={seesCost}
            saving={save.isPending}
            onSave={saveDraft}
          />
        ) : null}
        {base ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <ItemPhotos
              images={base.images}
              serial={base.serial}
              editable={access.can('items.edit')}
              onChange={savePhotos}
            />
            <Box sx={{ mt: 2 }}>
              <PrintLabelsButton items={[base]} />
            </Box>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
