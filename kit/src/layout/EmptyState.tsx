import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What a screen or a list shows when there is nothing yet: what it is, and the way to add the first one. */
export function EmptyState({
  title,
  body,
  icon,
  action,
}: {
  title: string;
  body?: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box role="status" sx={{ py: 6, px: 2, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1 }}>
      {icon ? <Box sx={{ color: 'text.secondary', fontSize: 40, lineHeight: 1 }}>{icon}</Box> : null}
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {body ? <Typography color="text.secondary">{body}</Typography> : null}
      {action ? <Box sx={{ mt: 1 }}>{action}</Box> : null}
    </Box>
  );
}
