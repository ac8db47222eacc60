import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, Menu, MenuItem } from '@mui/material';
import { errorMessage, useCommonT } from '@stockwise/shared';
import { useState } from 'react';
import { downloadExport, exportUrl, type ExportFormat } from './export';

type Label = 'exports.csv' | 'exports.xlsx' | 'exports.raw' | 'exports.rawData';
const CHOICES: Array<{ format: ExportFormat; label: Label }> = [
  { format: 'csv', label: 'exports.csv' },
  { format: 'xlsx', label: 'exports.xlsx' },
  { format: 'raw-csv', label: 'exports.rawData' },
];

/**
 * Every row a list's filters match, exported by the API (the same route, the same filters): as a
 * CSV or an Excel sheet for people, or the raw rows (for the item list, the CSV the reception's
 * "import from file" reads back). One menu for every list that exports.
 */
export function ExportMenu({
  path,
  params,
  name,
  label,
  disabled,
  reimport,
}: {
  path: string;
  params: object;
  /** The file's name before its day and extension (items, warranty-list…). */
  name: string;
  label: string;
  disabled?: boolean;
  /** The raw rows are what the reception's import reads (the item list): the menu says so. */
  reimport?: boolean;
}) {
  const { t, i18n } = useCommonT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `${name}-export`;
  async function run(format: ExportFormat) {
    setAnchor(null);
    setFailure(null);
    setBusy(true);
    try {
      await downloadExport(path, params, format, i18n.language, name);
    } catch (error) {
      setFailure(errorMessage(error, t('exports.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        id={`${id}-button`}
        variant="contained"
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        disabled={disabled || busy}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('exports.running') : label}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}
      >
        {CHOICES.map(({ format, label: choice }) => (
          <MenuItem
            key={format}
            component="a"
            href={exportUrl(path, params, format, i18n.language)}
            onClick={(event) => {
              // The API wants the bearer token: fetch through the API client, not a bare navigation.
              event.preventDefault();
              void run(format);
            }}
          >
            {t(reimport && format === 'raw-csv' ? 'exports.raw' : choice)}
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
