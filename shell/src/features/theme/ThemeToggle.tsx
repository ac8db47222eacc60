import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import { IconButton, Tooltip, useColorScheme } from '@mui/material';
import { useT } from '@/i18n';

/**
 * Spec §4: flips light ↔ dark. The ThemeProvider (app/App.tsx) stores the mode under the
 * theme-mode key and restores it on load.
 */
export function ThemeToggle() {
  const { t } = useT();
  const { mode, systemMode, setMode } = useColorScheme();
  const current = (mode === 'system' ? systemMode : mode) ?? 'light';
  const label = current === 'dark' ? t('topBar.lightMode') : t('topBar.darkMode');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => setMode(current === 'dark' ? 'light' : 'dark')}>
        {current === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
