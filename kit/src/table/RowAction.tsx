import { IconButton, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * One action on a list row: an icon button whose accessible name is its tooltip ("Rename Apple"),
 * so a screen reader and a test find it by what it does to which row.
 */
export function RowAction({
  label,
  icon,
  onClick,
  disabled = false,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}) {
  const button = (
    <IconButton aria-label={label} onClick={onClick} disabled={disabled}>
      {icon}
    </IconButton>
  );
  // A disabled button fires no events: the tooltip needs a wrapper to still explain it.
  return <Tooltip title={label}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}
