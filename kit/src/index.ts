// @stockwise/kit: the list-and-form kit. Bundled into each remote that uses it (mfe-workspace,
// mfe-settings) — never a federation singleton, so it never reaches the landing page.
export { DataTable } from './table/DataTable';
export type { DataTableProps } from './table/DataTable';
/** What a list row may be (MUI X's row model), for screens that wrap the DataTable. */
export type { GridValidRowModel as RowModel } from '@mui/x-data-grid';
export { useTableParams, readTableParams, writeTableParams, PAGE_SIZES } from './table/table-params';
export type { TableParams, TableGridProps } from './table/table-params';
export { RowAction } from './table/RowAction';
export { useSearchUpdate } from './table/url-search';
export { saveFile, toCsv, useCsvExport } from './table/csv';
export type { CsvColumn } from './table/csv';
export { FormDialog } from './form/FormDialog';
export type { FormDialogProps, FieldBinding } from './form/FormDialog';
export { ConfirmDialog } from './form/ConfirmDialog';
export { PageHeader } from './layout/PageHeader';
export { EmptyState } from './layout/EmptyState';
export { Label, LABEL_FIELDS } from './labels/Label';
export type { LabelContent, LabelField, LabelLayout } from './labels/Label';
export { LabelSheet, printLabels } from './labels/LabelSheet';
export { Barcode } from './labels/Barcode';
export { barcodeSvg } from './labels/barcode';
export type { Symbology } from './labels/barcode';
export { Forbidden, LoadError, Loading, isForbidden, statusOf } from './layout/ScreenStates';
export { CustomFieldInput, customFieldValues } from './form/CustomFieldInput';
/** Item statuses and column names in every language: the screens' words, which the API's exports write too. */
export { ITEM_WORDS } from './words/item-words';
/** A list's exports by the API (people's CSV and Excel, raw rows): one menu for every remote. */
export { ExportMenu } from './table/ExportMenu';
export { csvUrl, downloadCsv, downloadExport, exportUrl } from './table/export';
export type { ExportFormat } from './table/export';
/** A failed image upload's message by cause (too large, refused by claims, wrong type): every remote's uploads. */
export {
  MAX_PICTURE_BYTES,
  PICTURE_ACCEPT,
  PICTURE_TYPES,
  pictureFileProblem,
  pictureUploadMessage,
} from './form/picture-errors';
export type { PictureTexts } from './form/picture-errors';
