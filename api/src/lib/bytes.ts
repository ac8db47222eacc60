/**
 * A size as people read it, in binary units labelled KB / MB / GB (as the 5 MB upload bound is):
 * at most one decimal, none when whole — `100 MB`, `1.5 GB`, `12.3 KB`.
 */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(value) : String(Math.round(value * 10) / 10);
  return `${shown} ${units[unit]}`;
}
