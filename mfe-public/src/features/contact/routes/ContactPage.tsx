import { Container, Paper, Typography } from '@mui/material';
import { useSession } from '@stockwise/shared';
import { useT } from '../i18n';
import { PublicLayout } from '@/components/layout';
import { ContactForm } from '../components/ContactForm';

function ContactContent({ title }: { title: string }) {
  const { t } = useT();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('contact.subtitle')} {t('contact.info')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, md: 4 }, borderRadius: 2 }}>
        <ContactForm />
      </Paper>
    </Container>
  );
}

/** /contact-us: public either way — inside the public frame for visitors, the shell's for users. */
export function ContactUsPage() {
  const { t } = useT();
  const signedIn = useSession((s) => Boolean(s.token));
  if (signedIn) return <ContactContent title={t('contact.title')} />;
  return (
    <PublicLayout>
      <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <ContactContent title={t('contact.title')} />
      </Container>
    </PublicLayout>
  );
}

/** /contact: the workspace's "Send us a message" (inside the shell's chrome). */
export function WorkspaceContactPage() {
  const { t } = useT();
  return <ContactContent title={t('contact.appTitle')} />;
}
