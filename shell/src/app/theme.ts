import { createTheme } from '@mui/material';

/** Spec §9: Roboto, border radius 12, light by default. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: { light: true, dark: true },
  shape: { borderRadius: 12 },
  typography: { fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", sans-serif' },
});
