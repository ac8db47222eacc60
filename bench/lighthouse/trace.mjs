// What the Lighthouse bench scripts read of a saved trace (tasks.mjs, cpu-replay.mjs).

/**
 * The page's navigation (its main frame's navigationStart over http) and the events of that page's
 * renderer main thread, where every task Lighthouse counts toward TBT runs.
 */
export function pageMainThread(events) {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const main = events.find((e) => e.name === 'thread_name' && e.pid === nav.pid && e.args?.name === 'CrRendererMain');
  return { nav, onMain: events.filter((e) => e.pid === nav.pid && e.tid === main.tid) };
}
