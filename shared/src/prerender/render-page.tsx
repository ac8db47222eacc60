// Build-time only (Node): renders a remote's public pages to HTML and critical CSS, so the
// document for those paths paints before any JavaScript: a first visit sees the page before the
// bundles arrive. Never imported by browser code: `@stockwise/shared`'s index does not export it,
// and each remote's `src/prerender.tsx` is built by scripts/prerender.mjs for Node, not by the
// remote's browser build.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { InitColorSchemeScript } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createQueryClient, prerenderedQueriesScript, type PrerenderedQuery } from '../api/query-client';
import { STORAGE_KEYS } from '../auth/storage-keys';
import { DEFAULT_LANGUAGE, LANGUAGE_KEY } from '../i18n/i18n';
import { StockwiseThemeProvider } from '../ui/theme';
import { signedInHomeScript } from './signed-in-home';
import { withoutUnreadVariables } from './unread-variables';

/** One prerendered page: what goes into the document's head, inside `#root`, and right after it. */
export interface PrerenderedPage {
  path: string;
  /** The language the texts were rendered in; another visitor's language renders on the client. */
  language: string;
  head: string;
  root: string;
  afterRoot: string;
  /**
   * A marketing page: finished as HTML and CSS, the application boots only on the visitor's
   * intent (the document carries the shell's scripts as prefetch hints and an inline boot script
   * instead of the scripts themselves: scripts/lib/documents.mjs).
   */
  bootOnIntent?: boolean;
  /** The page's own `<title>` and description, which replace the shell's generic ones. */
  meta?: PageMeta;
}

/** What a search result and a browser tab show of a page. */
export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The client paints this markup only when it will hydrate it as it is: a signed-in visitor is
 * sent elsewhere by the shell's guard, a visitor with another language gets other texts, and a
 * link whose query names another page (`variesWith`: /register?invitationId=… is the invitation
 * form, not the company form) renders something else — for them the markup is dropped before it
 * paints and the page renders on the client, instead of React discarding it mid-hydration.
 */
export function keepOrDropScript(language: string, variesWith: readonly string[] = []): string {
  const otherPage = variesWith.length
    ? `||${JSON.stringify(variesWith)}.some(function(n){return new URLSearchParams(location.search).has(n)})`
    : '';
  const drop = `!!localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||(localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})||${JSON.stringify(DEFAULT_LANGUAGE)})!==${JSON.stringify(language)}${otherPage}`;
  return `<script>(function(){var r=document.getElementById('root');try{if(${drop}){r.replaceChildren();r.removeAttribute('data-prerendered')}}catch(e){}})()</script>`;
}

export interface RenderOptions {
  /** Query parameters that make the page at this path a different page (the markup is dropped). */
  variesWith?: readonly string[];
  /** See PrerenderedPage.bootOnIntent. */
  bootOnIntent?: boolean;
  /** `/`, `/login`, `/register`: a signed-in visitor is sent to the workspace before anything paints (signed-in-home.ts). */
  signedInHome?: boolean;
  /** See PrerenderedPage.meta. */
  meta?: PageMeta;
  /**
   * Answers the page is rendered with instead of its loading state (the price list): they go
   * into the document too, and the client hydrates with them (adoptPrerenderedQueries).
   */
  queries?: readonly PrerenderedQuery[];
}

/**
 * Renders `Routes` (a remote's exposed `./routes`) at `path`, inside the same providers the shell
 * gives a public page and the same Suspense boundary the shell's RemoteMount wraps a remote in,
 * so the shell can hydrate the markup where it stands. The shell adds nothing else to the DOM
 * of a public page before hydration (its development banner appears afterwards).
 */
export async function renderPage(
  Routes: ComponentType,
  path: string,
  { variesWith = [], bootOnIntent = false, signedInHome = false, meta, queries = [] }: RenderOptions = {},
): Promise<PrerenderedPage> {
  const client = createQueryClient();
  for (const { queryKey, data } of queries) client.setQueryData(queryKey, data);
  // A cache of our own so that Emotion collects the styles instead of writing <style> tags
  // between the elements; same key as the browser's default cache, which adopts them.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);

  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <StockwiseThemeProvider>
        <QueryClientProvider client={client}>
          <StaticRouter location={path}>
            <Suspense fallback={null}>
              <Routes />
            </Suspense>
          </StaticRouter>
        </QueryClientProvider>
      </StockwiseThemeProvider>
    </CacheProvider>,
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  const styles = withoutUnreadVariables(constructStyleTagsFromChunks(extractCriticalToChunks(html)), html);
  // The stored light/dark choice is applied before the first paint (the theme's CSS holds both).
  const colorScheme = renderToStaticMarkup(
    <InitColorSchemeScript
      attribute="class"
      defaultMode="light"
      modeStorageKey={STORAGE_KEYS.themeMode}
      colorSchemeStorageKey={STORAGE_KEYS.colorScheme}
    />,
  );
  return {
    path,
    language: DEFAULT_LANGUAGE,
    head: `${signedInHome ? signedInHomeScript() : ''}${colorScheme}${styles}`,
    root: html,
    afterRoot: keepOrDropScript(DEFAULT_LANGUAGE, variesWith) + prerenderedQueriesScript(queries),
    bootOnIntent,
    ...(meta ? { meta } : {}),
  };
}
