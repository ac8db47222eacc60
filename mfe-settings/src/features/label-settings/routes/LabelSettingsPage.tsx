import { zodResolver } from '@hookform/resolvers/zod';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  LABEL_FIELDS,
  Label,
  LabelSheet,
  LoadError,
  Loading,
  PageHeader,
  printLabels,
  type LabelField,
} from '@stockwise/kit';
import { companyLogoUrl, fieldBinder, notify, toAppError } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { useCompany } from '@/api/company';
import { SwitchField } from '@/components/SwitchField';
import { useT as useScreensT } from '@/i18n';
import { useLabelSettings, useSaveLabelSettings, type LabelSettings } from '../api/label-settings';
import { useT } from '../i18n';

/** Common label sizes (mm); anything else is Custom. */
const SIZES = [
  { key: '50x25', widthMm: 50, heightMm: 25 },
  { key: '57x32', widthMm: 57, heightMm: 32 },
  { key: '62x29', widthMm: 62, heightMm: 29 },
  { key: '40x30', widthMm: 40, heightMm: 30 },
  { key: '100x50', widthMm: 100, heightMm: 50 },
  { key: '102x152', widthMm: 102, heightMm: 152 },
] as const;
const sizeKey = (w: number, h: number) => SIZES.find((s) => s.widthMm === w && s.heightMm === h)?.key ?? 'custom';

type Values = {
  size: string;
  widthMm: string;
  heightMm: string;
  symbology: 'code128' | 'qr';
  fields: LabelField[];
  showLogo: boolean;
};
const valuesOf = (s: LabelSettings): Values => ({
  size: sizeKey(s.widthMm, s.heightMm),
  widthMm: String(s.widthMm),
  heightMm: String(s.heightMm),
  symbology: s.symbology,
  fields: s.fields,
  showLogo: s.showLogo,
});
const mm = (value: string) => Number(value.trim());

/** /settings/label-settings — the company's label: size, barcode, printed fields, logo, with a live preview. */
export function LabelSettingsPage() {
  const { t: ts } = useScreensT();
  const { t } = useT();
  const settings = useLabelSettings();
  const header = <PageHeader title={ts('screens.labelSettings')} subtitle={t('labels.subtitle')} />;
  if (settings.error)
    return (
      <>
        {header}
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      </>
    );
  if (!settings.data)
    return (
      <>
        {header}
        <Loading />
      </>
    );
  // Keyed by the saved version: a save elsewhere (another tab, the live stream) starts the form afresh.
  return (
    <>
      {header}
      <LabelForm key={settings.data.updatedAt} saved={settings.data} />
    </>
  );
}

function LabelForm({ saved }: { saved: LabelSettings }) {
  const { t } = useT();
  const save = useSaveLabelSettings();
  const company = useCompany();
  const schema = useMemo(() => {
    const size = z
      .string()
      .regex(/^\s*\d{1,3}\s*$/, t('labels.sizeRange'))
      .refine((v) => mm(v) >= 10 && mm(v) <= 300, t('labels.sizeRange'));
    return z.object({
      size: z.string(),
      widthMm: size,
      heightMm: size,
      symbology: z.enum(['code128', 'qr']),
      fields: z.array(z.enum(LABEL_FIELDS)),
      showLogo: z.boolean(),
    });
  }, [t]);
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: valuesOf(saved) });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const field = fieldBinder(register, errors);
  const values = useWatch({ control }) as Values;

  const submit = handleSubmit(async (v) => {
    try {
      const next = await save.mutateAsync({
        widthMm: mm(v.widthMm),
        heightMm: mm(v.heightMm),
        symbology: v.symbology,
        fields: LABEL_FIELDS.filter((f) => v.fields.includes(f)),
        showLogo: v.showLogo,
      });
      reset(valuesOf(next));
      notify(t('labels.saved'), 'success');
    } catch (failure) {
      const error = toAppError(failure, t('labels.saveFailed'));
      if (error.field && error.field in v) setError(error.field as Path<Values>, { message: error.message });
      else setError('root.server', { message: error.message });
    }
  });

  const width = mm(values.widthMm ?? '');
  const height = mm(values.heightMm ?? '');
  const sizeOk = width >= 10 && width <= 300 && height >= 10 && height <= 300;
  const layout = {
    widthMm: sizeOk ? width : saved.widthMm,
    heightMm: sizeOk ? height : saved.heightMm,
    symbology: values.symbology ?? saved.symbology,
    fields: values.fields ?? [],
    showLogo: values.showLogo ?? false,
  };
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
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Paper
        component="form"
        variant="outlined"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ p: 2, flex: 1, minWidth: 0, width: '100%' }}
        aria-label={t('labels.formLabel')}
      >
        <Stack spacing={2}>
          {errors.root?.server ? (
            <Alert severity="error" role="alert">
              {errors.root.server.message}
            </Alert>
          ) : null}
          <Controller
            control={control}
            name="size"
            render={({ field: size }) => (
              <TextField
                select
                label={t('labels.size')}
                {...size}
                onChange={(event) => {
                  size.onChange(event);
                  const preset = SIZES.find((s) => s.key === event.target.value);
                  if (preset) {
                    setValue('widthMm', String(preset.widthMm), { shouldDirty: true, shouldValidate: true });
                    setValue('heightMm', String(preset.heightMm), { shouldDirty: true, shouldValidate: true });
                  }
                }}
              >
                {SIZES.map((s) => (
                  <MenuItem key={s.key} value={s.key}>
                    {t('labels.sizeMm', { width: s.widthMm, height: s.heightMm })}
                  </MenuItem>
                ))}
                <MenuItem value="custom">{t('labels.custom')}</MenuItem>
              </TextField>
            )}
          />
          {values.size === 'custom' ? (
            <Stack direction="row" spacing={2}>
              <TextField
                label={t('labels.width')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...field('widthMm')}
              />
              <TextField
                label={t('labels.height')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...field('heightMm')}
              />
            </Stack>
          ) : null}
          <Controller
            control={control}
            name="symbology"
            render={({ field: symbology }) => (
              <FormControl component="fieldset">
                <FormLabel component="legend">{t('labels.symbology')}</FormLabel>
                <RadioGroup row {...symbology}>
                  <FormControlLabel value="code128" control={<Radio />} label={t('labels.code128')} />
                  <FormControlLabel value="qr" control={<Radio />} label={t('labels.qr')} />
                </RadioGroup>
              </FormControl>
            )}
          />
          <Controller
            control={control}
            name="fields"
            render={({ field: fields, fieldState }) => (
              <FormControl component="fieldset" error={Boolean(fieldState.error)}>
                <FormLabel component="legend">{t('labels.fields')}</FormLabel>
                <FormGroup row>
                  {LABEL_FIELDS.map((f) => (
                    <FormControlLabel
                      key={f}
                      label={t(`labels.fieldNames.${f}`)}
                      control={
                        <Checkbox
                          checked={fields.value.includes(f)}
                          onChange={(event) =>
                            fields.onChange(
                              event.target.checked ? [...fields.value, f] : fields.value.filter((x) => x !== f),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error ? <FormHelperText>{fieldState.error.message}</FormHelperText> : null}
              </FormControl>
            )}
          />
          <SwitchField control={control} name="showLogo" label={t('labels.showLogo')} />
          {values.showLogo && company.data && !company.data.logoPath ? (
            <Alert severity="info" variant="outlined">
              {t('labels.noLogo')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" loading={isSubmitting} disabled={!isDirty}>
              {t('labels.save')}
            </Button>
            <Button disabled={!isDirty || isSubmitting} onClick={() => reset(valuesOf(saved))}>
              {t('labels.discard')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
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
    </Stack>
  );
}
