/**
 * The GoTrue error code of what supabase-js's auth client answered ({data, error}), if any: the
 * screens choose their own words by it (GoTrue's messages are English only).
 */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error && typeof error.code === 'string') return error.code;
  return undefined;
}

/** The success branch of an auth client answer ({data, error: null} | {data: null, error}). */
type Success<R> = R extends { error: null } ? R : never;

/** Throws the auth client's error so react-query sees a failure; answers the data otherwise. */
export async function unwrap<R extends { data: unknown; error: unknown }>(
  result: Promise<R>,
): Promise<Success<R>['data']> {
  const { data, error } = await result;
  if (error) throw error;
  return data as Success<R>['data'];
}
