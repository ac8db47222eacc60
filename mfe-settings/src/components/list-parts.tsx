import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import { ConfirmDialog, RowAction, type DataTableProps, type RowModel } from '@stockwise/kit';
import { notify, type Translate } from '@stockwise/shared';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useT, type SettingsKey } from '@/i18n';

// The parts every settings list shares: its rows' name, its last column of row actions, and the
// question before a delete that the API may refuse (409 naming what uses the row).

/** A row's name as the API takes it: trimmed, not empty, at most `max` characters. */
export function nameSchema(t: Translate<SettingsKey>, max: number) {
  return z.string().trim().min(1, t('list.nameRequired')).max(max, t('list.tooLong', { max }));
}

export interface RowActionSpec {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
}

/** One icon button's room in the actions column (the button and the cell's padding). */
const ACTION_WIDTH = 40;

/**
 * The actions column: the row's icon buttons (an action may be left out for a row with
 * `false`/`null`), wide enough for `slots` of them, neither sorted nor filtered.
 */
export function actionsColumn<Row extends RowModel>(
  headerName: string,
  actions: (row: Row) => Array<RowActionSpec | false | null | undefined>,
  slots = 2,
): DataTableProps<Row>['columns'][number] {
  return {
    field: 'actions',
    headerName,
    width: Math.max(100, slots * ACTION_WIDTH + 30),
    sortable: false,
    filterable: false,
    renderCell: ({ row }) => (
      <>{actions(row).map((action) => (action ? <RowAction key={action.label} {...action} /> : null))}</>
    ),
  };
}

export const editAction = (label: string, onClick: () => void): RowActionSpec => ({
  label,
  icon: <EditIcon fontSize="small" />,
  onClick,
});

export const deleteAction = (label: string, onClick: () => void): RowActionSpec => ({
  label,
  icon: <DeleteIcon fontSize="small" />,
  onClick,
});

/**
 * "Delete X?" for a list row. The API refuses a row in use with a 409 that names what uses it:
 * the dialog stays open and shows that message; a delete that goes through says `done`.
 */
export function DeleteDialog<Row extends { id: string; name: string }>({
  row,
  body,
  done,
  remove,
  onClose,
}: {
  row: Row | null;
  body: string;
  done: string;
  remove: (id: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <ConfirmDialog
      open={row !== null}
      destructive
      title={t('list.deleteTitle', { name: row?.name ?? '' })}
      body={body}
      onConfirm={async () => {
        if (!row) return;
        await remove(row.id);
        notify(done, 'success');
      }}
      onClose={onClose}
    />
  );
}
