// Timestamps leave SQL as text, so the wire shape never depends on the driver (pg gives Dates,
// PGlite too, each in its own way).

/** ISO 8601 in UTC to the millisecond: what the API answers. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** To the microsecond: keyset positions keep the full precision of a timestamp (a cursor must not skip a row). */
export const exact = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
