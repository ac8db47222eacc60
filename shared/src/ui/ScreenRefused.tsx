import { Alert, AlertTitle, Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCommonT } from '../i18n/common';

/**
 * A screen the user's claims do not open: it says so, with the way back, instead of a form that
 * would only fail when sent.
 */
export function ScreenRefused({ title }: { title: string }) {
  const { t } = useCommonT();
  return (
    <Box component="section" sx={{ py: 6, px: 2, maxWidth: 640, mx: 'auto' }} data-testid="screen-refused">
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Alert severity="info" role="alert" sx={{ mb: 3 }}>
        <AlertTitle>{t('states.forbiddenTitle')}</AlertTitle>
        {t('states.forbiddenBody')}
      </Alert>
      <Button component={RouterLink} to="/" variant="contained">
        {t('screens.refusedAction')}
      </Button>
    </Box>
  );
}
