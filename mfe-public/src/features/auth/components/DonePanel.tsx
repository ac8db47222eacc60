import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** A flow's last step: what happened, the server's words, and the way on. */
export function DonePanel({
  title,
  message,
  action,
  to,
  state,
}: {
  title: string;
  message: string;
  action: string;
  to: string;
  /** Router state for the way on (e.g. where to return after signing in). */
  state?: unknown;
}) {
  return (
    <Stack spacing={2}>
      <Alert severity="success" role="status">
        <strong>{title}</strong>
        <br />
        {message}
      </Alert>
      <Button component={RouterLink} to={to} state={state} variant="contained">
        {action}
      </Button>
    </Stack>
  );
}
