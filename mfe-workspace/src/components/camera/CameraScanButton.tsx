import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { IconButton, Tooltip } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useT } from '@/i18n';

// The camera, and the barcode reader behind it, load only when someone opens it.
const CameraScanDialog = lazy(() => import('./CameraScanDialog'));

/** A camera button beside a scan input: what the camera reads arrives as if it had been typed + Enter. */
export function CameraScanButton({ onCode, onClosed }: { onCode: (code: string) => void; onClosed?: () => void }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onClosed?.();
  };
  return (
    <>
      <Tooltip title={t('camera.open')}>
        <IconButton aria-label={t('camera.open')} onClick={() => setOpen(true)} edge="end">
          <PhotoCameraIcon />
        </IconButton>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <CameraScanDialog
            onClose={close}
            onCode={(code) => {
              close();
              onCode(code);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
