/**
 * A marketing page is HTML and CSS until the visitor shows intent; its inline boot script
 * (scripts/lib/documents.mjs) loads the shell then. What the visitor did meanwhile is handed
 * over once React owns the page: the text typed into its fields (hydration keeps the DOM's text,
 * but a form library registering a field writes its default back, and React's state never saw
 * the typing), then this event, on which the boot script replays the press that asked for the app.
 */
export const HYDRATED_EVENT = 'stockwise:hydrated';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** React marks each element it adopted with its fiber. */
const adopted = (element: Element) =>
  !element.isConnected || Object.keys(element).some((key) => key.startsWith('__reactFiber'));

/** About ten seconds of frames: a page that never hydrates in full still gets its text back. */
const MAX_FRAMES = 600;

/**
 * Call just before hydrating `container`; call what it returns once the hydration committed.
 * The root commits before a Suspense boundary inside it (the remote's page) is hydrated, so the
 * hand-over waits, frame by frame, until React has adopted every control of the page.
 */
export function captureTypedInput(container: HTMLElement): () => void {
  // The latest text of each field typed into, kept until the hand-over: typing goes on while the
  // page hydrates, and a field a form library emptied at registration gets it back.
  const latest = new Map<Field, string>();
  for (const field of container.querySelectorAll<Field>('input, textarea'))
    if (field.value !== field.defaultValue) latest.set(field, field.value);
  const record = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) latest.set(field, field.value);
  };
  container.addEventListener('input', record, true);
  const controls = [...container.querySelectorAll('button, input, textarea, select, a[href]')];
  const handOver = () => {
    container.removeEventListener('input', record, true);
    for (const [field, recorded] of latest) {
      if (!field.isConnected) continue;
      const value = field.value || recorded;
      // Through React's value tracker first (it then sees a change), then the element's own
      // setter: the input event that follows is React's onChange with the typed text.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  };
  const wait = (frames: number) => {
    if (frames === 0 || controls.every(adopted)) handOver();
    else requestAnimationFrame(() => wait(frames - 1));
  };
  return () => wait(MAX_FRAMES);
}
