import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <Box component="main" sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh', textAlign: 'center', p: 3 }}>
      <Box>
        <Typography variant="overline" color="text.secondary">
          Error 404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          This page does not exist
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The address may be mistyped, or the page may have moved.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Go to the start page
        </Button>
      </Box>
    </Box>
  );
}
