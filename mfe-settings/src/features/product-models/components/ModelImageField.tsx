import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { PICTURE_ACCEPT, pictureFileProblem, pictureUploadMessage } from '@stockwise/kit';
import { BUCKETS, publicUrlOf, readClaims, session, uploadModelImage } from '@stockwise/shared';
import { useState, type ChangeEvent } from 'react';
import { useT } from '../i18n';

/** A model's image as a small square: the dialog's preview and the list's thumbnail. */
export function ModelThumbnail({ path, alt, size }: { path: string | null; alt: string; size: number }) {
  const url = publicUrlOf(BUCKETS.itemImages, path);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, display: 'block' }}
    />
  );
}

/**
 * The model's image in its dialog: a file chosen is uploaded at once (to `<companyId>/models/` of
 * ItemImages, which the API lets settings.manage write) and becomes the form's `imagePath`; the
 * model names it only once the dialog is saved. Remove clears it.
 */
export function ModelImageField({
  value,
  onChange,
  name,
}: {
  value: string | null;
  onChange: (path: string | null) => void;
  name: string;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const wrong = pictureFileProblem(file);
    if (wrong) return setProblem(t(wrong === 'type' ? 'productModels.image.type' : 'productModels.image.tooLarge'));
    setBusy(true);
    setProblem(null);
    try {
      const companyId = readClaims(session.get().token)?.company_id;
      onChange((await uploadModelImage(file, String(companyId ?? ''))).path);
    } catch (error) {
      setProblem(
        pictureUploadMessage(error, {
          tooLarge: t('productModels.image.tooLarge'),
          tooLargeWithLimit: () => t('productModels.image.tooLarge'),
          forbidden: t('productModels.image.forbidden'),
          typeRefused: t('productModels.image.type'),
          failed: t('productModels.image.failed'),
        }),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-label={t('productModels.image.title')}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('productModels.image.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {value ? (
          <ModelThumbnail path={value} alt={t('productModels.image.of', { name: name || '…' })} size={72} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('productModels.image.none')}
          </Typography>
        )}
        <Button component="label" variant="outlined" size="small" startIcon={<AddPhotoAlternateIcon />} disabled={busy}>
          {busy
            ? t('productModels.image.uploading')
            : value
              ? t('productModels.image.replace')
              : t('productModels.image.add')}
          <input hidden type="file" accept={PICTURE_ACCEPT} onChange={(event) => void pick(event)} />
        </Button>
        {value ? (
          <Button size="small" startIcon={<DeleteIcon />} disabled={busy} onClick={() => onChange(null)}>
            {t('productModels.image.remove')}
          </Button>
        ) : null}
      </Stack>
      {problem ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
