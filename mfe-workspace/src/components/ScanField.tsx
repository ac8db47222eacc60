import { InputAdornment, TextField } from '@mui/material';
import type { KeyboardEvent, RefObject } from 'react';
import { useT } from '@/i18n';
import { CameraScanButton } from './camera/CameraScanButton';

/**
 * The scan input of the action screens: a keyboard-wedge scanner types into it and presses Enter
 * (onKeyDown); the camera button hands its reading to `onCode`, the same path as a scan + Enter.
 */
export function ScanField({
  inputRef,
  value,
  onChange,
  onKeyDown,
  onCode,
  testId,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onCode: (code: string) => void;
  testId?: string;
}) {
  const { t } = useT();
  return (
    <TextField
      inputRef={inputRef}
      autoFocus
      fullWidth
      label={t('scan.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      autoComplete="off"
      slotProps={{
        htmlInput: { spellCheck: false, autoCapitalize: 'off', 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {/* After the dialog hands focus back to the camera button: the next scan goes to the input. */}
              <CameraScanButton onCode={onCode} onClosed={() => setTimeout(() => inputRef.current?.focus(), 0)} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
