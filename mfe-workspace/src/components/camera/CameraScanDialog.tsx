import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { createDetector } from '@/lib/barcode-detector';

/** How often a frame is read: often enough to feel instant, rarely enough to leave a phone cool. */
const EVERY_MS = 200;

type Phase = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; text: string };

/**
 * The camera, full width, reading barcodes until one is found: its value goes to `onCode` and
 * the camera is switched off (also on Cancel, Escape and closing).
 */
export default function CameraScanDialog({ onCode, onClose }: { onCode: (code: string) => void; onClose: () => void }) {
  const { t } = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const stop = () => {
      live = false;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setPhase({ kind: 'failed', text: t('camera.unsupported') });
        return;
      }
      try {
        const [media, detector] = await Promise.all([
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
          createDetector(),
        ]);
        stream = media;
        if (!live) return stop();
        const element = video.current!;
        element.srcObject = media;
        try {
          await element.play();
        } catch {
          // autoplay of a muted inline video is allowed; a refusal still leaves frames to read
        }
        setPhase({ kind: 'scanning' });
        const read = async () => {
          if (!live) return;
          const found = await detector.detect(element).catch(() => []);
          const code = found.find((one) => one.rawValue.trim())?.rawValue.trim();
          if (code && live) {
            stop();
            onCode(code);
            return;
          }
          timer = setTimeout(() => void read(), EVERY_MS);
        };
        void read();
      } catch (error) {
        if (live) setPhase({ kind: 'failed', text: t('camera.denied', { reason: (error as Error).message }) });
      }
    })();
    return stop;
    // Once per opening: a new callback from the parent must not restart the camera.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="camera-scan-title">
      <DialogTitle id="camera-scan-title">{t('camera.title')}</DialogTitle>
      <DialogContent>
        {phase.kind === 'failed' ? (
          <Alert severity="warning" role="alert">
            {phase.text}
          </Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={video}
              muted
              playsInline
              aria-label={t('camera.title')}
              sx={{ width: '100%', maxHeight: '60vh', bgcolor: 'black', borderRadius: 1, display: 'block' }}
            />
            <Typography role="status" sx={{ mt: 1 }}>
              {phase.kind === 'starting' ? t('camera.starting') : t('camera.aim')}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('camera.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
