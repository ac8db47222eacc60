import PrintIcon from '@mui/icons-material/PrintOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Label, LabelSheet, printLabels, type LabelField } from '@stockwise/kit';
import { companyLogoUrl } from '@stockwise/shared';
import { useCompany } from '@/api/company';
import { useT } from '../i18n';

export interface LabelLayout {
  widthMm: number;
  heightMm: number;
  symbology: 'code128' | 'qr';
  fields: LabelField[];
  showLogo: boolean;
}

/** The label as the form now stands, on a sample item, and a test print of it. */
export function LabelPreview({ layout }: { layout: LabelLayout }) {
  const { t } = useT();
  const company = useCompany();
  const sample = {
    barcode: 'SW-000123',
    logoUrl: companyLogoUrl(company.data?.logoPath),
    values: {
      serial: 'SW-000123',
      sku: t('labels.sample.sku'),
      model: t('labels.sample.model'),
      brand: t('labels.sample.brand'),
      itemType: t('labels.sample.itemType'),
      price: t('labels.sample.price'),
      warranty: t('labels.sample.warranty'),
      company: company.data?.companyName ?? t('labels.sample.company'),
    },
  };
  const preview = (
    // The workspace prints with this same component: what the preview shows is what prints.
    <Box sx={{ outline: '1px dashed', outlineColor: 'grey.500', display: 'inline-block' }}>
      <Label
        layout={layout}
        content={sample}
        name={t('labels.previewLabel', { width: layout.widthMm, height: layout.heightMm })}
      />
    </Box>
  );

  return (
    <Box component="section" aria-label={t('labels.preview')} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('labels.preview')}
      </Typography>
      <Box sx={{ overflow: 'auto', maxWidth: '100%', pb: 1 }}>{preview}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('labels.previewHint')}
      </Typography>
      <Button variant="outlined" startIcon={<PrintIcon />} onClick={printLabels}>
        {t('labels.testPrint')}
      </Button>
      {/* A test print is the workspace's print: the kit's sheet, only the label, at its size. */}
      <LabelSheet layout={layout} labels={[sample]} />
    </Box>
  );
}
