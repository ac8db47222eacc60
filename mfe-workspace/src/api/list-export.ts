// How a list is exported by the API: the kit's, shared by every remote.
export { downloadExport, exportUrl, type ExportFormat } from '@stockwise/kit';
