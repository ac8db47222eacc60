import { Button, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '@/i18n';
import { SECURITY_PATH } from './paths';
import { StepFrame } from './StepFrame';

/** The company requires a second factor of Owners and Admins, and this user has none yet. */
export function EnrolmentRequired({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useT();
  return (
    <StepFrame title={t('secondFactor.title')}>
      <Typography>{t('secondFactor.enrolRequired')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button component={RouterLink} to={SECURITY_PATH} variant="contained">
          {t('secondFactor.setUp')}
        </Button>
        <Button color="inherit" onClick={onSignOut}>
          {t('secondFactor.signOut')}
        </Button>
      </Stack>
    </StepFrame>
  );
}
