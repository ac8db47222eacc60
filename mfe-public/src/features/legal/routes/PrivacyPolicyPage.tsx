import { Box, Container, Typography } from '@mui/material';
import { useT } from '../i18n';
import { PublicLayout } from '@/components/layout';

const POLICY_DATE = '2026-11-01';

export function PrivacyPolicyPage() {
  const { t, i18n } = useT();
  const sections = t('privacy.sections', { returnObjects: true }) as { title: string; body: string }[];
  const date = new Date(`${POLICY_DATE}T00:00:00Z`).toLocaleDateString(i18n.language, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return (
    <PublicLayout>
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Typography component="h1" variant="h3" sx={{ fontWeight: 800 }}>
          {t('privacy.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 4 }}>
          {t('privacy.updated', { date })}
        </Typography>
        {sections.map((section) => (
          <Box component="section" key={section.title} sx={{ mb: 3.5 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {section.title}
            </Typography>
            <Typography color="text.secondary">{section.body}</Typography>
          </Box>
        ))}
      </Container>
    </PublicLayout>
  );
}
