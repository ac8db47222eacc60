import { Box, Button, Container, Grid, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../i18n';
import { belowTheFold } from '@stockwise/shared';

export function About() {
  const { t } = useT();
  const stats = t('about.stats', { returnObjects: true }) as { value: string; label: string }[];
  return (
    <Box
      id="about"
      component="section"
      aria-labelledby="about-title"
      sx={{ py: { xs: 8, md: 10 }, scrollMarginTop: 72, ...belowTheFold(644) }}
    >
      <Container maxWidth="md" sx={{ textAlign: 'center' }}>
        <Typography id="about-title" component="h2" variant="h4" sx={{ fontWeight: 800 }}>
          {t('about.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2, fontSize: 17 }}>
          {t('about.body')}
        </Typography>
        <Grid container spacing={3} sx={{ mt: 4 }}>
          {stats.map((stat) => (
            <Grid key={stat.label} size={{ xs: 12, sm: 4 }}>
              <Typography sx={{ fontSize: 34, fontWeight: 800, color: 'primary.main' }}>{stat.value}</Typography>
              <Typography color="text.secondary">{stat.label}</Typography>
            </Grid>
          ))}
        </Grid>
      </Container>
    </Box>
  );
}

/** Spec §2: the call to action. */
export function CallToAction() {
  const { t } = useT();
  return (
    <Box component="section" aria-labelledby="cta-title" sx={{ pb: { xs: 8, md: 10 }, ...belowTheFold(419) }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            borderRadius: 2,
            px: { xs: 3, md: 8 },
            py: { xs: 5, md: 7 },
            textAlign: 'center',
            color: '#fff',
            background: 'linear-gradient(135deg, #1746c2 0%, #1e5eff 60%, #3b82f6 100%)',
          }}
        >
          <Typography id="cta-title" component="h2" variant="h4" sx={{ fontWeight: 800 }}>
            {t('cta.title')}
          </Typography>
          <Typography sx={{ mt: 1.5, opacity: 0.92, fontSize: 17 }}>{t('cta.body')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 4, justifyContent: 'center' }}>
            <Button
              component={RouterLink}
              to="/register"
              size="large"
              variant="contained"
              sx={{ bgcolor: '#fff', color: '#1746c2', '&:hover': { bgcolor: '#eef3ff' } }}
            >
              {t('cta.primary')}
            </Button>
            <Button
              component={RouterLink}
              to="/pricing"
              size="large"
              variant="outlined"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}
            >
              {t('cta.secondary')}
            </Button>
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
