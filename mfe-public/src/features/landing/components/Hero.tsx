import ArrowForward from '@mui/icons-material/ArrowForward';
import { Box, Button, Chip, Container, Grid, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../i18n';

/**
 * An illustration of the product (not data): three locations with stock bars, drawn with
 * the same components the workspace uses.
 */
function ProductPreview() {
  const { t } = useT();
  const rows = t('hero.previewRows', { returnObjects: true }) as string[];
  const status = t('hero.previewStatus', { returnObjects: true }) as string[];
  const fills = [82, 54, 31];
  return (
    <Paper
      aria-hidden
      elevation={0}
      sx={{
        p: { xs: 2.5, md: 3 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        boxShadow: '0 24px 60px -24px rgba(30, 94, 255, 0.35)',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('hero.previewTitle')}</Typography>
        <Chip size="small" variant="outlined" label={t('hero.previewUpdated')} />
      </Box>
      <Stack spacing={2}>
        {rows.map((row, index) => (
          <Box key={row}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.75 }}>
              <Typography variant="body2">{row}</Typography>
              <Typography variant="body2" color="text.secondary">
                {fills[index]}%
              </Typography>
            </Box>
            <LinearProgress variant="determinate" value={fills[index] ?? 0} sx={{ height: 8, borderRadius: 2 }} />
          </Box>
        ))}
      </Stack>
      <Grid container spacing={1.5} sx={{ mt: 2.5 }}>
        {status.map((label, index) => (
          <Grid key={label} size={4}>
            <Box sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {label}
              </Typography>
              <Box
                sx={{
                  mt: 1,
                  height: 6,
                  width: `${[70, 40, 55][index]}%`,
                  bgcolor: 'primary.main',
                  borderRadius: 1.5,
                  opacity: 0.8,
                }}
              />
            </Box>
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}

export function Hero() {
  const { t } = useT();
  return (
    <Box
      id="home"
      component="section"
      aria-labelledby="hero-title"
      sx={{
        pt: { xs: 6, md: 10 },
        pb: { xs: 8, md: 12 },
        background: (theme) =>
          `radial-gradient(1200px 500px at 80% -10%, ${theme.vars ? `rgba(${theme.vars.palette.primary.mainChannel} / 0.14)` : 'rgba(30,94,255,0.14)'}, transparent)`,
      }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: 1 }}>
              {t('hero.eyebrow')}
            </Typography>
            <Typography
              id="hero-title"
              component="h1"
              sx={{
                fontSize: { xs: 36, sm: 44, md: 54 },
                fontWeight: 800,
                lineHeight: 1.08,
                letterSpacing: '-0.02em',
                mt: 1,
              }}
            >
              {t('hero.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: 17, md: 19 }, mt: 2.5, maxWidth: 560 }}>
              {t('hero.subtitle')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4 }}>
              <Button component={RouterLink} to="/register" variant="contained" size="large" endIcon={<ArrowForward />}>
                {t('hero.primary')}
              </Button>
              <Button component={RouterLink} to="/#features" variant="outlined" size="large">
                {t('hero.secondary')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('hero.note')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProductPreview />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
