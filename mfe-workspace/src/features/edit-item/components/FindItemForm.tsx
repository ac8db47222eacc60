import { Box, Button, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useT } from '../i18n';

/** The serial to edit, scanned or typed: a scanner's Enter opens it. */
export function FindItemForm({ initial, onFind }: { initial: string; onFind: (serial: string) => void }) {
  const { t } = useT();
  const [text, setText] = useState(initial);
  function open(event: FormEvent) {
    event.preventDefault();
    const serial = text.trim();
    if (serial) onFind(serial);
  }
  return (
    <Box component="form" role="search" onSubmit={open} sx={{ display: 'flex', gap: 1 }}>
      <TextField
        autoFocus
        fullWidth
        label={t('scan.label')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
      <Button type="submit" variant="contained">
        {t('editItem.find')}
      </Button>
    </Box>
  );
}
