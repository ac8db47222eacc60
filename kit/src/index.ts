// @stockwise/kit: the list-and-form kit. Bundled into each remote that uses it (mfe-workspace,
// mfe-settings) — never a federation singleton, so it never reaches the landing page.
export { DataTable } from './table/DataTable';
export type { DataTableProps } from './table/DataTable';
export { useTableParams, readTableParams, writeTableParams, PAGE_SIZES } from './table/table-params';
export type { TableParams, TableGridProps } from './table/table-params';
export { saveFile, toCsv, useCsvExport } from './table/csv';
export type { CsvColumn } from './table/csv';
export { FormDialog } from './form/FormDialog';
export type { FormDialogProps, FieldBinding } from './form/FormDialog';
export { ConfirmDialog } from './form/ConfirmDialog';
export { PageHeader } from './layout/PageHeader';
export { EmptyState } from './layout/EmptyState';
