import GitHubIcon from '@mui/icons-material/GitHub';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import XIcon from '@mui/icons-material/X';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { Box, Container, Grid, IconButton, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { StockwiseLogo } from '@stockwise/shared';
import { useT, type LayoutKey } from './i18n';
import { belowTheFold } from '@stockwise/shared';

type FooterLink = { key: LayoutKey; to: string };

/** Spec §2's three footer columns, every link listed there. */
export const FOOTER_COLUMNS: { title: LayoutKey; links: FooterLink[] }[] = [
  {
    title: 'footer.features',
    links: [
      { key: 'footer.tracking', to: '/#features' },
      { key: 'footer.automation', to: '/#features' },
      { key: 'footer.integrations', to: '/#features' },
      { key: 'footer.analytics', to: '/#features' },
    ],
  },
  {
    title: 'footer.company',
    links: [
      { key: 'footer.aboutUs', to: '/#about' },
      { key: 'footer.contact', to: '/contact-us' },
      { key: 'footer.support', to: '/documentation' },
      { key: 'footer.privacy', to: '/privacy-policy' },
    ],
  },
  {
    title: 'footer.getStarted',
    links: [
      { key: 'footer.signIn', to: '/login' },
      { key: 'footer.getStartedFree', to: '/register' },
      { key: 'footer.pricing', to: '/pricing' },
      { key: 'footer.documentation', to: '/documentation' },
    ],
  },
];

const SOCIAL = [
  { label: 'LinkedIn', href: 'https://www.linkedin.com/', Icon: LinkedInIcon },
  { label: 'X', href: 'https://x.com/', Icon: XIcon },
  { label: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
  { label: 'GitHub', href: 'https://github.com/', Icon: GitHubIcon },
];

export function PublicFooter() {
  const { t } = useT();
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', pt: 6, pb: 4, ...belowTheFold(837) }}
    >
      <Container maxWidth="lg">
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <StockwiseLogo size={28} />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('footer.tagline')}
            </Typography>
          </Grid>
          {FOOTER_COLUMNS.map((column) => (
            <Grid key={column.title} size={{ xs: 12, sm: 4, md: 3 }}>
              <Typography component="h2" variant="subtitle2" sx={{ fontWeight: 700, mb: 1.5 }}>
                {t(column.title)}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <li key={link.key}>
                    <Link component={RouterLink} to={link.to} color="text.secondary" underline="hover" variant="body2">
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Box
          sx={{
            mt: 5,
            pt: 3,
            borderTop: 1,
            borderColor: 'divider',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('footer.rights', { year: new Date().getFullYear() })}
          </Typography>
          <Stack direction="row" spacing={0.5} component="nav" aria-label={t('footer.social')}>
            {SOCIAL.map(({ label, href, Icon }) => (
              <IconButton
                key={label}
                component="a"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={label}
                size="small"
              >
                <Icon fontSize="small" />
              </IconButton>
            ))}
          </Stack>
        </Box>
      </Container>
    </Box>
  );
}
