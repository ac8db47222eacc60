import { CssBaseline, createTheme, ThemeProvider, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '../auth/storage-keys';

/**
 * Small text in a palette colour, readable on the light scheme's white or a light tint of it.
 * There the main shades of warning (3.1:1), info (3.9:1) and primary on a selected tint (4.3:1)
 * are under WCAG's 4.5:1 for small text, and their dark shades read at 5.7–7:1; the dark scheme's
 * light main shades already pass on its dark surfaces.
 */
export function readableText(t: Theme, color: 'primary' | 'warning' | 'info') {
  return {
    color: (t.vars ?? t).palette[color].dark,
    ...t.applyStyles('dark', { color: (t.vars ?? t).palette[color].main }),
  };
}

/**
 * The one Stockwise theme: the shell renders every page with it, and a remote running alone
 * (StandaloneHost) uses the same one, so a screen looks the same in both.
 * Spec §9: Roboto, border radius 12, light by default.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#1e5eff' },
        // MUI's default warning orange takes white text at 3.1:1, under WCAG's 4.5:1 for a chip's
        // small label ("At the limit", "Ends today"); dark text on it reads at about 6:1.
        warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
        background: { default: '#f6f8fb', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#7aa2ff' },
        background: { default: '#0d1220', paper: '#151b2c' },
      },
    },
  },
  shape: { borderRadius: 12 },
  typography: {
    // "Roboto Fallback" is Arial resized to Roboto's widths, declared by the documents of the
    // prerendered pages (scripts/lib/documents.mjs): text painted before Roboto arrives already
    // takes Roboto's room, so nothing moves when it comes (no layout shift on a first visit).
    fontFamily: 'Roboto, "Roboto Fallback", system-ui, -apple-system, "Segoe UI", sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiChip: {
      styleOverrides: {
        // An outlined chip writes its label in its colour's main shade, too faint on white for a
        // warning or info chip's small label (a reserved or on-loan item's status in the list).
        root: ({ theme: t }) => ({
          variants: (['warning', 'info'] as const).map((color) => ({
            props: { variant: 'outlined', color },
            style: readableText(t, color),
          })),
        }),
      },
    },
  },
});

/** The theme with the colour mode of spec §4: light by default, remembered under the theme-mode key. */
export function StockwiseThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      theme={theme}
      // The stored mode is read at once: otherwise the provider re-renders every styled element
      // right after the first render (or hydration) to switch from "unknown" to the mode — a
      // main-thread task as long as the first render itself, while a first visit's page cannot
      // respond. Nothing in our markup depends on the mode (both schemes are CSS variables), so
      // prerendered markup still matches.
      noSsr
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.themeMode}
      colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
    >
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
