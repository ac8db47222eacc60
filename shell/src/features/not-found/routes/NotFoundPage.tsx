import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '@/i18n';

/** An unknown path gets a real page, with a way back, so a mistyped or stale link never strands the user. */
export function NotFoundPage() {
  const { t } = useT();
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          {t('notFound.code')}
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.body')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.action')}
        </Button>
      </Box>
    </Box>
  );
}
