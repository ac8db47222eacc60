import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
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
} from '@mui/material';
import { LABEL_FIELDS } from '@stockwise/kit';
import { fieldBinder, notify, toAppError } from '@stockwise/shared';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { useCompany } from '@/api/company';
import { SwitchField } from '@/components/SwitchField';
import { useSaveLabelSettings, type LabelSettings } from '../api/label-settings';
import { useT } from '../i18n';
import { mm, SIZES, valuesOf, type Values } from '../lib/label-values';
import { LabelPreview } from './LabelPreview';

/** The company's label settings as a form beside its live preview; saving starts it afresh from what was saved. */
export function LabelForm({ saved }: { saved: LabelSettings }) {
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
      <LabelPreview layout={layout} />
    </Stack>
  );
}
