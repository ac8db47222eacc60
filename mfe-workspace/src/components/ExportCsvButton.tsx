import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { errorMessage, notify } from '@stockwise/shared';
import { useState } from 'react';
import { csvUrl, downloadCsv } from '@/api/csv';
import { useT } from '@/i18n';

/** Downloads what the screen shows as the API's CSV: the same route, the same filters (`csvUrl`). */
export function ExportCsvButton({
  path,
  params,
  fileName,
  disabled,
}: {
  path: string;
  params: object;
  fileName: string;
  disabled?: boolean;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadCsv(csvUrl(path, params), fileName);
    } catch (error) {
      notify(errorMessage(error, t('export.failed')), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void run()} disabled={disabled || busy}>
      {busy ? t('export.running') : t('export.csv')}
    </Button>
  );
}
