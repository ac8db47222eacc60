import { Avatar, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PICTURE_ACCEPT } from '@stockwise/kit';
import { companyLogoUrl } from '@stockwise/shared';
import type { LogoChange } from '../api/company';
import { useT } from '../i18n';
import { checkLogo, cropToSquare } from '../lib/logo-file';

/** A new file's preview address, released when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(
    () => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null),
    [file],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The logo: the current one, a new file (type and size checked at once, cropped to a square,
 * previewed) or its removal — all applied when the form is saved.
 */
export function LogoPicker({
  companyName,
  logoPath,
  change,
  onChange,
  serverError,
  disabled,
}: {
  companyName: string;
  logoPath: string | null;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
  serverError?: string;
  disabled?: boolean;
}) {
  const { t } = useT();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const newUrl = useObjectUrl(change.kind === 'new' ? change.file : null);
  const current = change.kind === 'remove' ? null : companyLogoUrl(logoPath);
  const shown = newUrl ?? current;
  const error = problem ?? serverError ?? null;

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const found = checkLogo(file);
    if (found) {
      setProblem(t(`company.logo.${found}`));
      return;
    }
    setProblem(null);
    onChange({ kind: 'new', file: await cropToSquare(file) });
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-describedby={hintId}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('company.logo.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {shown ? (
          <Avatar
            src={shown}
            variant="rounded"
            alt={newUrl ? t('company.logo.newOne') : t('company.logo.current', { company: companyName })}
            sx={{ width: 96, height: 96, '& img': { objectFit: 'cover' } }}
            data-testid="logo-preview"
          />
        ) : (
          <Box
            sx={{
              width: 96,
              height: 96,
              borderRadius: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'divider',
              display: 'grid',
              placeItems: 'center',
              textAlign: 'center',
              p: 1,
            }}
          >
            <Typography variant="caption" color="text.secondary">
              {t('company.logo.none')}
            </Typography>
          </Box>
        )}
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
              {shown ? t('company.logo.change') : t('company.logo.choose')}
            </Button>
            {change.kind === 'keep' && logoPath ? (
              <Button color="error" onClick={() => onChange({ kind: 'remove' })} disabled={disabled}>
                {t('company.logo.remove')}
              </Button>
            ) : null}
            {change.kind !== 'keep' ? (
              <Button
                onClick={() => {
                  setProblem(null);
                  onChange({ kind: 'keep' });
                }}
                disabled={disabled}
              >
                {t('company.logo.undo')}
              </Button>
            ) : null}
          </Stack>
          <input
            ref={input}
            type="file"
            hidden
            accept={PICTURE_ACCEPT}
            aria-label={t('company.logo.choose')}
            data-testid="logo-input"
            onChange={(event) => {
              void pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <FormHelperText id={hintId} sx={{ m: 0 }}>
            {change.kind === 'remove' ? t('company.logo.removed') : t('company.logo.hint')}
          </FormHelperText>
          {error ? (
            <FormHelperText error role="alert" sx={{ m: 0 }}>
              {error}
            </FormHelperText>
          ) : null}
        </Stack>
      </Stack>
    </Box>
  );
}
