// The label form's values as typed, from and to the saved settings.
import type { LabelField } from '@stockwise/kit';
import type { LabelSettings } from '../api/label-settings';

/** Common label sizes (mm); anything else is Custom. */
export const SIZES = [
  { key: '50x25', widthMm: 50, heightMm: 25 },
  { key: '57x32', widthMm: 57, heightMm: 32 },
  { key: '62x29', widthMm: 62, heightMm: 29 },
  { key: '40x30', widthMm: 40, heightMm: 30 },
  { key: '100x50', widthMm: 100, heightMm: 50 },
  { key: '102x152', widthMm: 102, heightMm: 152 },
] as const;
const sizeKey = (w: number, h: number) => SIZES.find((s) => s.widthMm === w && s.heightMm === h)?.key ?? 'custom';

export type Values = {
  size: string;
  widthMm: string;
  heightMm: string;
  symbology: 'code128' | 'qr';
  fields: LabelField[];
  showLogo: boolean;
};
export const valuesOf = (s: LabelSettings): Values => ({
  size: sizeKey(s.widthMm, s.heightMm),
  widthMm: String(s.widthMm),
  heightMm: String(s.heightMm),
  symbology: s.symbology,
  fields: s.fields,
  showLogo: s.showLogo,
});
export /** A size in millimetres as typed. */
const mm = (value: string) => Number(value.trim());
