import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Container, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSwitcher, StockwiseLogo } from '@stockwise/shared';
import { useT } from '../i18n';

/** The frame of every sign-in flow: the logo, one card, a way back home. */
export function AuthShell({
  title,
  subtitle,
  children,
  maxWidth = 'xs',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm';
}) {
  const { t } = useT();
  return (
    <Box
      component="main"
      id="main-content"
      sx={{
        minHeight: '100vh',
        py: { xs: 3, sm: 6 },
        bgcolor: 'background.default',
        backgroundImage: 'radial-gradient(900px 420px at 50% -10%, rgba(30,94,255,0.12), transparent)',
        // Before the app owns the page (it boots on the visitor's intent), a field being typed
        // into moves its label up out of the text, as MUI does once it runs (its `shrink`).
        '& .MuiFormControl-root:has(input:focus)': {
          '& .MuiInputLabel-outlined:not(.MuiInputLabel-shrink)': {
            transform: 'translate(14px, -9px) scale(0.75)',
            maxWidth: 'calc(133% - 32px)',
            color: 'primary.main',
          },
          '& .MuiOutlinedInput-notchedOutline legend': { maxWidth: '100%' },
        },
      }}
    >
      <Container maxWidth={maxWidth}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
          <Box
            component={RouterLink}
            to="/"
            aria-label={t('auth.backHome')}
            sx={{ color: 'text.primary', textDecoration: 'none' }}
          >
            <StockwiseLogo size={30} />
          </Box>
          <LanguageSwitcher />
        </Stack>
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 2 }}>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {subtitle}
            </Typography>
          ) : null}
          <Box sx={{ mt: 3 }}>{children}</Box>
        </Paper>
        <Button component={RouterLink} to="/" startIcon={<ArrowBack />} sx={{ mt: 2 }} color="inherit" size="small">
          {t('auth.backHome')}
        </Button>
      </Container>
    </Box>
  );
}
