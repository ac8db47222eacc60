// A list's CSV from the API: the kit's, shared by every remote.
export { csvUrl, downloadCsv } from '@stockwise/kit';
