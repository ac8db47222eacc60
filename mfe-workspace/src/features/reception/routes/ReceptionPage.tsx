import { Alert, Box, Button, Container } from '@mui/material';
import { PageHeader } from '@stockwise/kit';
import { useAccess } from '@stockwise/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Forbidden, isForbidden, LoadError, Loading } from '@/components/ScreenStates';
import { ImportFromFile } from '../components/ImportFromFile';
import { ReceptionForm } from '../components/ReceptionForm';
import { useReceptionCatalogue } from '../hooks/useReceptionCatalogue';
import { useT } from '../i18n';

/**
 * /actions/inventory-reception: one batch of one item type into one location, all or nothing.
 * Serials come one per line (a scanner's Enter is a new line) or as ranges; duplicates and
 * unreadable lines are flagged as they are typed, with a running count.
 */
export function ReceptionPage() {
  const { t } = useT();
  const access = useAccess();
  const catalogue = useReceptionCatalogue();
  const page = (content: ReactNode) => (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <PageHeader title={t('reception.title')} subtitle={t('reception.subtitle')} />
      {content}
    </Container>
  );

  if (catalogue.failed) {
    const { error } = catalogue.failed;
    return page(isForbidden(error) ? <Forbidden /> : <LoadError error={error} onRetry={catalogue.retry} />);
  }
  if (catalogue.pending) return page(<Loading />);
  // Who can fix a missing catalogue is offered the settings screen that does it.
  const missing =
    catalogue.activeTypes.length === 0
      ? { text: t('reception.needTypes'), to: '/settings/item-types' }
      : catalogue.activeLocations.length === 0
        ? { text: t('reception.needLocations'), to: '/settings/stores' }
        : null;
  if (missing) {
    return page(
      <Alert
        severity="info"
        action={
          access.can('settings.manage') ? (
            <Button component={RouterLink} to={missing.to} color="inherit">
              {t('reception.openSettings')}
            </Button>
          ) : undefined
        }
      >
        {missing.text}
      </Alert>,
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: 3, px: { xs: 1.5, sm: 3 } }}>
      <PageHeader title={t('reception.title')} subtitle={t('reception.subtitle')} />
      <ReceptionForm catalogue={catalogue} />
      <Box sx={{ mt: 3 }}>
        <ImportFromFile />
      </Box>
    </Container>
  );
}
