import AutoGraphOutlined from '@mui/icons-material/AutoGraphOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import SpeedOutlined from '@mui/icons-material/SpeedOutlined';
import { Avatar, Box, Card, CardContent, Container, Grid, Typography } from '@mui/material';
import { useT } from '../i18n';
import { belowTheFold } from '@stockwise/shared';

const ICONS = [SpeedOutlined, AutoGraphOutlined, HubOutlined, QueryStatsOutlined];

/** Spec §2: the four benefit tiles. */
export function Benefits() {
  const { t } = useT();
  const items = t('benefits.items', { returnObjects: true }) as { title: string; body: string }[];
  return (
    <Box component="section" aria-labelledby="benefits-title" sx={{ py: { xs: 8, md: 10 }, ...belowTheFold(1176) }}>
      <Container maxWidth="lg">
        <Typography id="benefits-title" component="h2" variant="h4" align="center" sx={{ fontWeight: 800 }}>
          {t('benefits.title')}
        </Typography>
        <Typography color="text.secondary" align="center" sx={{ mt: 1.5, mb: 6, maxWidth: 640, mx: 'auto' }}>
          {t('benefits.subtitle')}
        </Typography>
        <Grid container spacing={3}>
          {items.map((item, index) => {
            const Icon = ICONS[index] ?? SpeedOutlined;
            return (
              <Grid key={item.title} size={{ xs: 12, sm: 6, md: 3 }}>
                <Card variant="outlined" sx={{ height: '100%', borderRadius: 1.5 }}>
                  <CardContent sx={{ p: 3 }}>
                    <Avatar variant="rounded" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }}>
                      <Icon />
                    </Avatar>
                    <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                      {item.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {item.body}
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            );
          })}
        </Grid>
      </Container>
    </Box>
  );
}
