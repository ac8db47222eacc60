// The string formats the API's schemas use, made as strict as what reads the values after them.

/** An id as the API writes one: lower case, without ajv-formats' optional `urn:uuid:` prefix. */
export const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A date PostgreSQL and JavaScript both read: RFC 3339 allows year 0000, which PostgreSQL refuses,
 * and a leap second (23:59:60), which `Date.parse` cannot read — each was a 500 after validation.
 */
const readable = (value: string) => !value.startsWith('0000') && Number.isFinite(Date.parse(value));

type Validate = (value: string) => boolean;
interface StringFormat {
  type: 'string';
  validate: Validate;
  compare?: unknown;
}
interface FormatsOf {
  formats: Record<string, unknown>;
  addFormat(name: string, format: RegExp | StringFormat): unknown;
}

/**
 * For ajv's `onCreate`, which runs after ajv-formats: `uuid`, `date` and `date-time` narrowed as
 * above. An id in upper case compared with one the API gave (is it yourself? the same location?)
 * read as another id, and `urn:uuid:…` reached PostgreSQL's uuid cast and failed there.
 */
export function stricterFormats<A>(instance: A): A {
  // Typed by hand: ajv is Fastify's dependency, not the API's.
  const ajv = instance as unknown as FormatsOf;
  ajv.addFormat('uuid', ID_PATTERN);
  for (const name of ['date', 'date-time']) {
    const base = ajv.formats[name] as Omit<StringFormat, 'type'>;
    ajv.addFormat(name, { ...base, type: 'string', validate: (value) => base.validate(value) && readable(value) });
  }
  return instance;
}
