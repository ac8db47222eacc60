import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button } from '@mui/material';
import { errorMessage } from '@stockwise/shared';
import { useMutation } from '@tanstack/react-query';
import type { ItemQuery } from '@/api/inventory';
import { ItemGrid } from '@/components/ItemGrid';
import { useT } from '../i18n';
import { downloadItemsCsv, itemsCsvUrl } from '../lib/csv-export';

/**
 * /reporting/item-list: all items with the filters, search and sort in the address, and a CSV of
 * everything that matches them, exported by the API.
 */
export function ItemListPage() {
  const { t } = useT();
  const exportAll = useMutation({ mutationFn: downloadItemsCsv });
  return (
    <>
      <ItemGrid
        title={t('itemList.title')}
        subtitle={t('itemList.subtitle')}
        extraActions={(query: ItemQuery) => (
          <Button
            component="a"
            href={itemsCsvUrl(query)}
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={exportAll.isPending}
            onClick={(event) => {
              // The API wants the bearer token: fetch through the API client, not a bare navigation.
              event.preventDefault();
              exportAll.mutate(query);
            }}
          >
            {exportAll.isPending ? t('itemList.exporting') : t('itemList.exportAll')}
          </Button>
        )}
      />
      {exportAll.isError ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => exportAll.reset()}
          sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: 'snackbar' }}
        >
          {errorMessage(exportAll.error, t('itemList.exportFailed'))}
        </Alert>
      ) : null}
    </>
  );
}
