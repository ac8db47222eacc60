import { QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The query-client settings of the whole page. The shell creates the one client every remote
 * mounts under (so a save in one screen refreshes every screen showing the same resource);
 * StandaloneHost creates one with the same settings.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}

/** The id of the JSON a prerendered page carries its queries' answers in (render-page.tsx). */
export const PRERENDERED_QUERIES_ID = 'stockwise-prerendered-queries';

/** One query answer a page was prerendered with. */
export interface PrerenderedQuery {
  queryKey: QueryKey;
  data: unknown;
}

/**
 * The data block after #root that holds the answers a page was prerendered with: the client
 * hydrates with the same answers (else it would render a loading state the markup does not have).
 * `<` is escaped so that no answer can close the script element.
 */
export function prerenderedQueriesScript(queries: readonly PrerenderedQuery[]): string {
  if (!queries.length) return '';
  const json = JSON.stringify(queries).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRERENDERED_QUERIES_ID}">${json}</script>`;
}

/**
 * Puts the answers a prerendered page was built with into `client`, dated long ago: the page
 * hydrates with them, and every query using them asks the API again at once (the build's price
 * list is replaced by today's as soon as the app runs).
 */
export function adoptPrerenderedQueries(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById(PRERENDERED_QUERIES_ID)?.textContent;
  if (!text) return;
  try {
    for (const { queryKey, data } of JSON.parse(text) as PrerenderedQuery[])
      client.setQueryData(queryKey, data, { updatedAt: 1 });
  } catch {
    // An unreadable block: the queries simply load as on any other page.
  }
}
