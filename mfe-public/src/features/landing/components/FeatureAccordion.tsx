import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Container, Grid, Typography } from '@mui/material';
import { useT } from '../i18n';
import { belowTheFold } from '@stockwise/shared';

/**
 * Spec §2: the accordion of three features; the first is open to start with. Native
 * `<details name>` elements (one open at a time), styled as MUI's Accordion: they work on the
 * marketing page's HTML and CSS alone, before the application boots or with no JavaScript.
 */
export function FeatureAccordion() {
  const { t } = useT();
  const items = t('features.items', { returnObjects: true }) as { title: string; body: string }[];
  return (
    <Box
      id="features"
      component="section"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 10 }, bgcolor: 'background.paper', scrollMarginTop: 72, ...belowTheFold(574) }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 8 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography id="features-title" component="h2" variant="h4" sx={{ fontWeight: 800 }}>
              {t('features.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1.5 }}>
              {t('features.subtitle')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            {items.map((item, index) => (
              <Box
                component="details"
                key={item.title}
                name="features"
                open={index === 0}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1.5,
                  bgcolor: 'background.paper',
                  '&:not(:last-of-type)': { mb: 1.5 },
                  '&[open] > summary .expand': { transform: 'rotate(180deg)' },
                }}
              >
                <Box
                  component="summary"
                  id={`feature-${index}-header`}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 2,
                    minHeight: 48,
                    px: 2,
                    borderRadius: 1.5,
                    cursor: 'pointer',
                    listStyle: 'none',
                    '&::-webkit-details-marker': { display: 'none' },
                    '&:focus-visible': { bgcolor: 'action.focus', outline: 'none' },
                  }}
                >
                  <Typography component="h3" sx={{ fontWeight: 700, flex: 1, my: 1.5 }}>
                    {item.title}
                  </Typography>
                  <ExpandMoreIcon
                    className="expand"
                    aria-hidden
                    sx={{ color: 'action.active', transition: 'transform 150ms' }}
                  />
                </Box>
                <Box id={`feature-${index}-content`} sx={{ px: 2, pt: 1, pb: 2 }}>
                  <Typography color="text.secondary">{item.body}</Typography>
                </Box>
              </Box>
            ))}
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
