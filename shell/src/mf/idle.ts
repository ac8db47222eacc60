/** Runs `task` once the page has loaded, `afterMs` have passed and the browser is idle. */
export function runWhenIdle(task: () => void, afterMs: number): void {
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => task()) : task());
  const start = () => setTimeout(whenIdle, afterMs);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
