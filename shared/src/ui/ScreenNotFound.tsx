import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCommonT } from '../i18n/common';

/** An unknown path under a remote's prefix (e.g. /settings/nope): a real page with a way back. */
export function ScreenNotFound() {
  const { t } = useCommonT();
  return (
    <Box component="section" sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('screens.notFoundTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('screens.notFoundBody')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('screens.notFoundAction')}
      </Button>
    </Box>
  );
}
