import { Card, CardContent, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** One figure the owner checks every morning, with the way to what is behind it. */
export function KpiCard({
  label,
  value,
  hint,
  link,
}: {
  label: string;
  value: string;
  hint?: string;
  link?: { to: string; text: string };
}) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
          {value}
        </Typography>
        {hint ? (
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
        {link ? (
          <Link component={RouterLink} to={link.to} variant="body2">
            {link.text}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
