import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { Label, LabelSheet, printLabels, type LabelContent } from '@stockwise/kit';
import { companyLogoUrl, resourceKey, useMoney } from '@stockwise/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getLabelSettings, getMyCompany, type Item, type LabelSettings } from '@/api/inventory';
import { useT } from '@/i18n';
import { LoadError, Loading } from './ScreenStates';

/** The labels shown on screen before printing; the sheet prints all of them. */
const PREVIEW = 12;

/**
 * The print-labels dialog: the company's label settings (GET /api/label-settings) applied to the
 * items, a preview, and Print (the browser's print dialog, printing the label sheet alone).
 */
export function PrintLabelsDialog({ items, open, onClose }: { items: Item[]; open: boolean; onClose: () => void }) {
  const { t } = useT();
  const money = useMoney();
  const settings = useQuery({ queryKey: resourceKey('label-settings'), queryFn: getLabelSettings, enabled: open });
  const wantsCompany = Boolean(settings.data?.showLogo || settings.data?.fields.includes('company'));
  const company = useQuery({
    queryKey: resourceKey('company'),
    queryFn: getMyCompany,
    enabled: open && wantsCompany,
  });

  const contentOf = (item: Item, layout: LabelSettings): LabelContent => ({
    barcode: item.serial,
    values: {
      serial: item.serial,
      sku: item.sku,
      model: item.model,
      brand: item.brandName,
      itemType: item.itemTypeName,
      price: item.salePrice === null ? null : money(item.salePrice),
      warranty: item.warrantyMonths ? t('item.warrantyMonths', { count: item.warrantyMonths }) : null,
      company: company.data?.companyName,
    },
    logoUrl: layout.showLogo ? companyLogoUrl(company.data?.logoPath) : null,
  });

  const layout = settings.data;
  const ready = layout && !(wantsCompany && company.isPending);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="print-labels-title">
      <DialogTitle id="print-labels-title">{t('labels.title', { count: items.length })}</DialogTitle>
      <DialogContent>
        {settings.isError ? (
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : !ready ? (
          <Loading label={t('labels.loading')} />
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('labels.hint', { width: layout.widthMm, height: layout.heightMm })}
            </Typography>
            <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {items.slice(0, PREVIEW).map((item) => (
                <Box key={item.id} sx={{ outline: '1px dashed', outlineColor: 'divider' }}>
                  <Label layout={layout} content={contentOf(item, layout)} />
                </Box>
              ))}
              {items.length > PREVIEW ? (
                <Typography sx={{ alignSelf: 'center' }}>+{items.length - PREVIEW}</Typography>
              ) : null}
            </Stack>
            <LabelSheet layout={layout} labels={items.map((item) => contentOf(item, layout))} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('labels.close')}</Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={printLabels} disabled={!ready} autoFocus>
          {t('labels.printNow')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A button that opens the print-labels dialog for these items. */
export function PrintLabelsButton({
  items,
  variant = 'outlined',
}: {
  items: Item[];
  variant?: 'outlined' | 'contained' | 'text';
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} startIcon={<PrintIcon />} onClick={() => setOpen(true)} disabled={!items.length}>
        {items.length === 1 ? t('labels.print') : t('labels.printMany', { count: items.length })}
      </Button>
      {open ? <PrintLabelsDialog items={items} open onClose={() => setOpen(false)} /> : null}
    </>
  );
}
