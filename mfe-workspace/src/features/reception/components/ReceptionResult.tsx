import PrintIcon from '@mui/icons-material/Print';
import { Alert, Button, Link, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Item } from '@/api/inventory';
import { PrintLabelsDialog } from '@/components/PrintLabels';
import { useT } from '../i18n';

/** A finished reception: what was received where, its labels, and the way to the received items. */
export function ReceptionResult({
  message,
  received,
  printing,
  onPrinting,
}: {
  message: string | null;
  received: Item[];
  printing: boolean;
  onPrinting: (printing: boolean) => void;
}) {
  const { t } = useT();
  return (
    <>
      {message ? (
        <Alert
          severity="success"
          role="status"
          action={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button color="inherit" size="small" startIcon={<PrintIcon />} onClick={() => onPrinting(true)}>
                {t('labels.printMany', { count: received.length })}
              </Button>
              <Link component={RouterLink} to="/item-status/item-manager?sort=received_desc">
                {t('reception.seeItems')}
              </Link>
            </Stack>
          }
        >
          {message}
        </Alert>
      ) : null}
      {printing ? <PrintLabelsDialog items={received} open onClose={() => onPrinting(false)} /> : null}
    </>
  );
}
