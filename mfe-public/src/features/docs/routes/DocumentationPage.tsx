import { Box, Card, CardContent, Container, Grid, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useT } from '../i18n';
import { PublicLayout } from '@/components/layout';
import { belowTheFold } from '@stockwise/shared';

interface DocSection {
  id: string;
  title: string;
  paragraphs?: string[];
  roles?: { name: string; body: string }[];
  areas?: { name: string; body: string }[];
}

/** Real user documentation: getting started, roles, each workspace area, the account. */
export function DocumentationPage() {
  const { t } = useT();
  const sections = t('docs.sections', { returnObjects: true }) as DocSection[];
  return (
    <PublicLayout>
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography component="h1" variant="h3" sx={{ fontWeight: 800 }}>
          {t('docs.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 5, fontSize: 18 }}>
          {t('docs.subtitle')}
        </Typography>
        <Grid container spacing={5}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Box component="nav" aria-labelledby="docs-contents" sx={{ position: { md: 'sticky' }, top: 96 }}>
              <Typography id="docs-contents" variant="overline" color="text.secondary">
                {t('docs.contents')}
              </Typography>
              <List dense disablePadding>
                {sections.map((section) => (
                  <ListItem key={section.id} disableGutters>
                    <Link href={`#${section.id}`} underline="hover">
                      {section.title}
                    </Link>
                  </ListItem>
                ))}
              </List>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <Stack spacing={6}>
              {sections.map((section) => (
                <Box
                  component="section"
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-title`}
                  sx={{ scrollMarginTop: 88, ...belowTheFold(500) }}
                >
                  <Typography id={`${section.id}-title`} component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
                    {section.title}
                  </Typography>
                  {(section.paragraphs ?? []).map((paragraph) => (
                    <Typography key={paragraph.slice(0, 40)} sx={{ mb: 1.5 }}>
                      {paragraph}
                    </Typography>
                  ))}
                  {section.roles || section.areas ? (
                    <Grid container spacing={2} sx={{ mt: 1 }}>
                      {(section.roles ?? section.areas ?? []).map((entry) => (
                        <Grid key={entry.name} size={{ xs: 12, sm: 6 }}>
                          <Card variant="outlined" sx={{ height: '100%' }}>
                            <CardContent>
                              <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                                {entry.name}
                              </Typography>
                              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                                {entry.body}
                              </Typography>
                            </CardContent>
                          </Card>
                        </Grid>
                      ))}
                    </Grid>
                  ) : null}
                </Box>
              ))}
            </Stack>
          </Grid>
        </Grid>
      </Container>
    </PublicLayout>
  );
}
