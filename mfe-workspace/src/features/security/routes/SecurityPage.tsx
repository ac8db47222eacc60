import { Container, Stack } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { ProfileTabs } from '@/components/ProfileTabs';
import { ConnectedAccounts } from '../components/ConnectedAccounts';
import { PasswordSection } from '../components/PasswordSection';
import { SessionsSection } from '../components/SessionsSection';
import { TwoStepSection } from '../components/TwoStepSection';
import { useT } from '../i18n';

/** /profile/security: where the user is signed in, their password, two-step verification and Google. */
export function SecurityPage() {
  const { t } = useT();
  return (
    <Container maxWidth="md" disableGutters>
      <PageHeader title={t('security.title')} subtitle={t('security.subtitle')} />
      <ProfileTabs />
      <Stack spacing={3}>
        <SessionsSection />
        <PasswordSection />
        <TwoStepSection />
        <ConnectedAccounts />
      </Stack>
    </Container>
  );
}
