import type { FieldDefinition } from '@stockwise/shared';
import { z } from 'zod';

export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'boolean'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A custom field as the builder edits it: the options of a select as one line, comma-separated. */
export interface FieldDraft {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  options: string;
}

/**
 * The key items store the field's value under, made from its label ("Screen size" → screen_size):
 * the API's pattern ^[a-z][a-z0-9_]{0,39}$. Turkish and accented letters lose their marks.
 */
export function keyFromLabel(label: string): string {
  const ascii = label
    .toLocaleLowerCase('en')
    .replace(/ı/g, 'i')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const key = ascii
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 40)
    .replace(/_+$/, '');
  return key || 'field';
}

export const optionList = (options: string) =>
  options
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

export const toDraft = (f: FieldDefinition): FieldDraft => ({
  key: f.key,
  label: f.label,
  type: f.type,
  required: f.required,
  options: (f.options ?? []).join(', '),
});

export const toDefinition = (f: FieldDraft): FieldDefinition => ({
  key: f.key || keyFromLabel(f.label),
  label: f.label.trim(),
  type: f.type,
  required: f.required,
  ...(f.type === 'select' ? { options: optionList(f.options) } : {}),
});

export interface FieldMessages {
  labelRequired: string;
  keyPattern: string;
  keyTaken: string;
  optionsRequired: string;
  tooLong: string;
  optionTooLong: string;
}

/** The API's longest choice of a select field. */
export const OPTION_MAX = 80;

/** The builder's rules, as the API's: a label, a valid key used once, a select with options. */
export function fieldsSchema(m: FieldMessages) {
  return z
    .array(
      z.object({
        key: z.string().regex(/^([a-z][a-z0-9_]{0,39})?$/, m.keyPattern),
        label: z.string().trim().min(1, m.labelRequired).max(80, m.tooLong),
        type: z.enum(FIELD_TYPES),
        required: z.boolean(),
        options: z.string(),
      }),
    )
    .max(50)
    .superRefine((fields, ctx) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        const key = field.key || keyFromLabel(field.label);
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: m.keyTaken });
        seen.add(key);
        const options = field.type === 'select' ? optionList(field.options) : [];
        if (field.type === 'select' && options.length === 0)
          ctx.addIssue({ code: 'custom', path: [index, 'options'], message: m.optionsRequired });
        if (options.some((option) => option.length > OPTION_MAX))
          ctx.addIssue({ code: 'custom', path: [index, 'options'], message: m.optionTooLong });
      });
    });
}
