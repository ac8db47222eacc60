import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { setLanguage, SUPPORTED_LANGUAGES, useTranslation, type Language } from '../i18n';

const NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' };

/**
 * Switches the page's one language; remembered in the local entry `language`. `onChosen` follows a
 * choice (the signed-in top bar keeps it on the server too).
 */
export function LanguageSwitcher({
  color = 'inherit',
  onChosen,
}: {
  color?: 'inherit' | 'primary';
  onChosen?: (language: Language) => void;
}) {
  const { i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'en';
  return (
    <>
      <Button
        color={color}
        size="small"
        startIcon={<TranslateOutlined fontSize="small" />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={`Language: ${NAMES[current]}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, textTransform: 'uppercase' }}
      >
        {current}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <MenuItem
            key={lng}
            selected={lng === current}
            lang={lng}
            onClick={() => {
              setAnchor(null);
              void setLanguage(lng);
              onChosen?.(lng);
            }}
          >
            {NAMES[lng]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
