import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { errorMessage, useCommonT } from '@stockwise/shared';

/**
 * Asks before something that cannot be undone. While `onConfirm` runs, both buttons wait; if it
 * fails, the dialog stays open and says why.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  destructive = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel?: string;
  destructive?: boolean;
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}) {
  const { t } = useCommonT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setPending(false);
      onClose();
    } catch (failure) {
      setPending(false);
      setError(errorMessage(failure, t('table.error')));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
        {error ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={pending}>
          {t('actions.cancel')}
        </Button>
        <Button
          onClick={() => void confirm()}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={pending}
        >
          {confirmLabel ?? (destructive ? t('actions.delete') : t('actions.confirm'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
