import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Menu, MenuItem } from '@mui/material';
import { errorMessage } from '@stockwise/shared';
import { useState } from 'react';
import type { ItemQuery } from '@/api/inventory';
import { downloadItemExport, itemExportUrl, type ItemExportFormat } from '@/api/item-export';
import { useT } from '@/i18n';

const CHOICES: Array<{ format: ItemExportFormat; label: 'itemExport.csv' | 'itemExport.xlsx' | 'itemExport.raw' }> = [
  { format: 'csv', label: 'itemExport.csv' },
  { format: 'xlsx', label: 'itemExport.xlsx' },
  { format: 'raw-csv', label: 'itemExport.raw' },
];

/**
 * Every item the list's filters match, exported by the API: as a CSV or an Excel sheet for people,
 * or as the CSV the reception's "import from file" reads back.
 */
export function ItemExportMenu({ query }: { query: ItemQuery }) {
  const { t, i18n } = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function run(format: ItemExportFormat) {
    setAnchor(null);
    setFailure(null);
    setBusy(true);
    try {
      await downloadItemExport(query, format, i18n.language);
    } catch (error) {
      setFailure(errorMessage(error, t('itemExport.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        id="item-export-button"
        variant="contained"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'item-export-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('itemExport.running') : t('itemExport.button')}
      </Button>
      <Menu
        id="item-export-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': 'item-export-button' } }}
      >
        {CHOICES.map(({ format, label }) => (
          <MenuItem
            key={format}
            component="a"
            href={itemExportUrl(query, format, i18n.language)}
            onClick={(event) => {
              // The API wants the bearer token: fetch through the API client, not a bare navigation.
              event.preventDefault();
              void run(format);
            }}
          >
            {t(label)}
          </MenuItem>
        ))}
      </Menu>
      {failure ? (
        <Alert
          severity="error"
          role="alert"
          onClose={() => setFailure(null)}
          sx={{ position: 'fixed', bottom: 16, left: 16, right: 16, zIndex: 'snackbar' }}
        >
          {failure}
        </Alert>
      ) : null}
    </>
  );
}
