import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, IconButton, Link, Stack, Typography } from '@mui/material';
import {
  BUCKETS,
  errorMessage,
  publicUrlOf,
  readClaims,
  removeFiles,
  session,
  uploadItemImage,
} from '@stockwise/shared';
import { useState, type ChangeEvent } from 'react';
import { useT } from '@/i18n';
import { PICTURE_ACCEPT, pictureFileProblem, pictureUploadMessage } from '@stockwise/kit';

/** The items API's maxItems (the picture types and size: kit's, as every upload). */
export const MAX_PHOTOS = 20;

type Message = { severity: 'success' | 'error'; text: string } | null;

/**
 * An item's photos (paths in the ItemImages bucket): thumbnails that open the full photo, and, when
 * editable, add (uploaded to `<companyId>/items/`) and remove. `onChange` stores the new list (the
 * reception form's state, or a PATCH of the item); when it fails the uploaded files are deleted
 * again, and a removed photo's file is deleted only after the list without it is stored.
 */
export function ItemPhotos({
  images,
  onChange,
  serial,
  editable,
}: {
  images: string[];
  onChange: (next: string[]) => Promise<unknown>;
  serial: string;
  editable: boolean;
}) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const uploadTexts = {
    tooLarge: t('photos.uploadTooLarge'),
    tooLargeWithLimit: (limit: string) => t('photos.uploadTooLargeLimit', { limit }),
    forbidden: t('photos.uploadForbidden'),
    typeRefused: t('photos.uploadType'),
    failed: t('photos.uploadFailed'),
  };

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    const wrong = files.find((file) => pictureFileProblem(file) === 'type');
    const large = files.find((file) => pictureFileProblem(file) === 'tooLarge');
    if (wrong || large || images.length + files.length > MAX_PHOTOS) {
      setMessage({
        severity: 'error',
        text: wrong
          ? t('photos.type', { name: wrong.name })
          : large
            ? t('photos.tooLarge', { name: large.name })
            : t('photos.tooMany', { max: MAX_PHOTOS }),
      });
      return;
    }
    const companyId = readClaims(session.get().token)?.company_id;
    setBusy(true);
    setMessage(null);
    const uploaded: string[] = [];
    try {
      for (const file of files) uploaded.push((await uploadItemImage(file, String(companyId ?? ''))).path);
    } catch (error) {
      void removeFiles(BUCKETS.itemImages, uploaded).catch(() => undefined);
      setMessage({ severity: 'error', text: pictureUploadMessage(error, uploadTexts) });
      setBusy(false);
      return;
    }
    try {
      await onChange([...images, ...uploaded]);
      setMessage({ severity: 'success', text: t('photos.added', { count: uploaded.length }) });
    } catch (error) {
      void removeFiles(BUCKETS.itemImages, uploaded).catch(() => undefined);
      setMessage({ severity: 'error', text: errorMessage(error, t('photos.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(path: string) {
    setBusy(true);
    setMessage(null);
    try {
      await onChange(images.filter((one) => one !== path));
      setMessage({ severity: 'success', text: t('photos.removed') });
      // The item no longer names it; a file left behind by a failed delete harms nobody.
      void removeFiles(BUCKETS.itemImages, [path]).catch(() => undefined);
    } catch (error) {
      setMessage({ severity: 'error', text: errorMessage(error, t('photos.saveFailed')) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box component="section" aria-label={t('photos.title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('photos.title')}
      </Typography>
      {images.length === 0 ? (
        <Typography color="text.secondary" variant="body2">
          {t('photos.none')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {images.map((path, index) => {
            const url = publicUrlOf(BUCKETS.itemImages, path) ?? '';
            return (
              <Box key={path} sx={{ position: 'relative', width: 96, height: 96 }}>
                <Link href={url} target="_blank" rel="noopener">
                  <Box
                    component="img"
                    src={url}
                    alt={t('photos.photo', { index: index + 1, serial })}
                    sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
                  />
                </Link>
                {editable ? (
                  <IconButton
                    size="small"
                    aria-label={t('photos.remove', { index: index + 1 })}
                    disabled={busy}
                    onClick={() => void remove(path)}
                    sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                ) : null}
              </Box>
            );
          })}
        </Stack>
      )}
      {editable ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            component="label"
            variant="outlined"
            size="small"
            startIcon={<AddPhotoAlternateIcon />}
            disabled={busy || images.length >= MAX_PHOTOS}
          >
            {busy ? t('photos.adding') : t('photos.add')}
            <input hidden type="file" multiple accept={PICTURE_ACCEPT} onChange={(event) => void add(event)} />
          </Button>
          <Typography variant="caption" color="text.secondary">
            {t('photos.hint', { max: MAX_PHOTOS })}
          </Typography>
        </Stack>
      ) : null}
      {message ? (
        <Alert
          severity={message.severity}
          role={message.severity === 'error' ? 'alert' : 'status'}
          sx={{ mt: 1 }}
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      ) : null}
    </Box>
  );
}
