import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions } from 'react-dom/client';

/**
 * A marketing page is HTML and CSS until the visitor shows intent; its inline boot script
 * (scripts/lib/documents.mjs) loads the shell then. What the visitor did meanwhile is handed
 * over once React owns the page: the text typed into its fields (hydration keeps the DOM's text,
 * but a form library registering a field writes its default back, and React's state never saw
 * the typing), then this event, on which the boot script replays the press that asked for the app.
 */
export const HYDRATED_EVENT = 'stockwise:hydrated';

/**
 * The event's detail: the element that now stands for `element`. React draws the page afresh
 * when it cannot adopt the markup (a remote deployed between the page and its script, a render
 * that differs), and then every element the visitor typed into or pressed is replaced.
 */
export type Counterpart = (element: Element) => Element | undefined;

type Field = HTMLInputElement | HTMLTextAreaElement;

const CONTROLS = 'button, input, textarea, select, a[href]';

/** React marks each element it adopted with its fiber. */
const adopted = (element: Element) =>
  !element.isConnected || Object.keys(element).some((key) => key.startsWith('__reactFiber'));

/** About ten seconds of frames: a page that never hydrates in full still gets its text back. */
const MAX_FRAMES = 600;

/**
 * The root hydrateRoot made. React hydrates a Suspense boundary's server markup (the remote's
 * page) in a pass of its own at its lowest priority, which never expires and yields to every
 * other update. The root's `unstable_scheduleHydration` is React's way to say "the visitor is
 * here": the boundary holding the element is hydrated at the default priority instead. Not in
 * React's types; a React without it keeps the lowest priority, and the hand-over still waits.
 */
type HydratingRoot = object & { unstable_scheduleHydration?: (target: Node) => void };

/**
 * What a control is to the visitor, the same in the prerendered markup and in a fresh drawing
 * of the page: its kind, its name, its label, and a button's or link's words. A field's own
 * text is what was typed, so it is left out.
 */
function identity(control: Element): string {
  const words =
    control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? '' : control.textContent;
  return [
    control.tagName,
    control.getAttribute('type'),
    control.getAttribute('name'),
    control.getAttribute('aria-label'),
    words?.trim(),
  ].join('\u0000');
}

/** Each control's identity and its place among the controls of the same identity, in page order. */
function places(container: HTMLElement): Map<Element, string> {
  const seen = new Map<string, number>();
  const placed = new Map<Element, string>();
  for (const control of container.querySelectorAll(CONTROLS)) {
    const key = identity(control);
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    placed.set(control, `${key}\u0000${nth}`);
  }
  return placed;
}

/**
 * Call just before hydrating `container`; call what it returns with the root once the hydration
 * committed. The root commits before a Suspense boundary inside it (the remote's page) is
 * hydrated, so the hand-over asks for that hydration and waits, frame by frame, until React has
 * adopted every control of the page.
 */
function captureTypedInput(container: HTMLElement): (root: HydratingRoot) => void {
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
  const before = places(container);
  const controls = [...before.keys()];
  const handOver = () => {
    container.removeEventListener('input', record, true);
    const now = new Map([...places(container)].map(([control, place]) => [place, control]));
    const counterpart: Counterpart = (element) => {
      if (element.isConnected) return element;
      const place = before.get(element);
      return place === undefined ? undefined : now.get(place);
    };
    for (const [typedInto, recorded] of latest) {
      const field = counterpart(typedInto);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      const value = field.value || recorded;
      // Through React's value tracker first (it then sees a change), then the element's own
      // setter: the input event that follows is React's onChange with the typed text.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    window.dispatchEvent(new CustomEvent<Counterpart>(HYDRATED_EVENT, { detail: counterpart }));
  };
  const wait = (frames: number) => {
    if (frames === 0 || controls.every(adopted)) handOver();
    else requestAnimationFrame(() => wait(frames - 1));
  };
  return (root) => {
    // The visitor has shown intent and may have pressed already: the page is wanted now. One
    // element stands for its boundary; asking for a hydrated one costs nothing.
    const waiting = controls.find((control) => !adopted(control));
    if (waiting) root.unstable_scheduleHydration?.(waiting);
    wait(MAX_FRAMES);
  };
}

/** Renders nothing; its effect runs once React committed the hydrated page. */
function AfterHydration({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * Hydrates `container`'s prerendered markup with `children`, and hands over what the visitor did
 * before (captureTypedInput) once it has committed. As a transition, hydration yields to the
 * browser every few milliseconds instead of holding the main thread for the whole page: the page
 * is on screen already.
 */
export function hydrateHandingOver(container: HTMLElement, children: ReactNode, options?: HydrationOptions): void {
  const handOver = captureTypedInput(container);
  let root: HydratingRoot | undefined;
  const afterHydration = () => {
    if (root) handOver(root);
  };
  startTransition(() => {
    root = hydrateRoot(
      container,
      <>
        {children}
        <AfterHydration run={afterHydration} />
      </>,
      options,
    );
  });
}
