import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Container, Grid, Typography } from '@mui/material';
import { useState } from 'react';
import { useT } from '../i18n';

/** Spec §2: the accordion of three features; the first is open to start with. */
export function FeatureAccordion() {
  const { t } = useT();
  const items = t('features.items', { returnObjects: true }) as { title: string; body: string }[];
  const [open, setOpen] = useState<number | false>(0);
  return (
    <Box
      id="features"
      component="section"
      aria-labelledby="features-title"
      sx={{ py: { xs: 8, md: 10 }, bgcolor: 'background.paper', scrollMarginTop: 72 }}
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
              <Accordion
                key={item.title}
                expanded={open === index}
                onChange={(_event, expanded) => setOpen(expanded ? index : false)}
                disableGutters
                elevation={0}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  '&:not(:last-of-type)': { mb: 1.5 },
                  borderRadius: 1.5,
                  '&::before': { display: 'none' },
                }}
              >
                <AccordionSummary
                  expandIcon={<ExpandMoreIcon />}
                  id={`feature-${index}-header`}
                  aria-controls={`feature-${index}-content`}
                >
                  <Typography component="h3" sx={{ fontWeight: 700 }}>
                    {item.title}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails id={`feature-${index}-content`}>
                  <Typography color="text.secondary">{item.body}</Typography>
                </AccordionDetails>
              </Accordion>
            ))}
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
