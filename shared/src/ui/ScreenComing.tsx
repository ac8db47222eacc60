import { Box, Typography } from '@mui/material';
import { useCommonT } from '../i18n/common';

/** A route whose screen has not shipped yet says so plainly; it never shows made-up data. */
export function ScreenComing({ title }: { title: string }) {
  const { t } = useCommonT();
  return (
    <Box component="section" sx={{ py: 6, px: 2, textAlign: 'center' }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{t('screens.comingSoon')}</Typography>
    </Box>
  );
}
