import { Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import type { ReactNode } from 'react';

interface Role {
  id: string;
  name: string;
}

/**
 * Something × roles, one box per cell: the users × roles of Role Management and the transaction
 * types × roles of Role Claims. The first column (the row's name) stays in view while a wide
 * matrix scrolls sideways; the header row stays in view while a long one scrolls down.
 */
export function RoleMatrix<T extends { id: string }>({
  label,
  corner,
  cornerWidth,
  roles,
  rows,
  name,
  note,
  cell,
}: {
  /** The table's accessible name. */
  label: string;
  /** The first column's heading (what the rows are). */
  corner: string;
  cornerWidth: number;
  roles: Role[];
  rows: T[];
  name: (row: T) => string;
  /** A chip after the row's name (deactivated, inactive), or null. */
  note: (row: T) => string | null;
  cell: (row: T, role: Role) => ReactNode;
}) {
  const sticky = { position: 'sticky', left: 0, bgcolor: 'background.paper' } as const;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%' }}>
      <Table size="small" aria-label={label} stickyHeader>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ ...sticky, zIndex: 3, minWidth: cornerWidth }}>
              {corner}
            </TableCell>
            {roles.map((role) => (
              <TableCell key={role.id} component="th" scope="col" align="center" sx={{ minWidth: 100 }}>
                {role.name}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const chip = note(row);
            return (
              <TableRow key={row.id} hover>
                <TableCell component="th" scope="row" sx={{ ...sticky, zIndex: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span>{name(row)}</span>
                    {chip ? <Chip size="small" variant="outlined" label={chip} /> : null}
                  </Stack>
                </TableCell>
                {roles.map((role) => (
                  <TableCell key={role.id} align="center" padding="checkbox">
                    {cell(row, role)}
                  </TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
