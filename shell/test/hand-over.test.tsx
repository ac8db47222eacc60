import { Suspense, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { HYDRATED_EVENT, hydrateHandingOver, type Counterpart } from '../src/app/hand-over';

/** Renders nothing, and again as soon as it has: a boot whose other updates never stop. */
function Busy() {
  const [renders, setRenders] = useState(0);
  useEffect(() => {
    const next = setTimeout(() => setRenders(renders + 1), 0);
    return () => clearTimeout(next);
  }, [renders]);
  return null;
}

/** A form big enough that hydrating it takes more than one of React's time slices. */
function Page({ onPress }: { onPress: () => void }) {
  return (
    <form>
      {Array.from({ length: 400 }, (_, i) => (
        <label key={i}>
          Field {i} <input name={`field${i}`} defaultValue="" />
        </label>
      ))}
      <button type="button" onClick={onPress}>
        Create company
      </button>
    </form>
  );
}

/** The shell's shape: the remote's page in a Suspense boundary, beside the rest of the app. */
const app = (onPress: () => void) => (
  <>
    <Busy />
    <Suspense fallback={null}>
      <Page onPress={onPress} />
    </Suspense>
  </>
);

// React's own scheduling is what is tested here, not act()'s queue.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

describe('the hand-over of a page booted on intent', () => {
  // React hydrates the boundary at its lowest priority, which yields to every other update: without
  // the hand-over asking for it, the page is never adopted here and the press never answered.
  it('gets the page adopted and a held press answered while the rest of the app keeps updating', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(app(() => undefined));
    document.body.append(container);
    const button = container.querySelector('button') as HTMLButtonElement;
    const pressed = jest.fn();

    // As the boot script does: the press was held, and is replayed on the hydrated event.
    const replayed = new Promise<void>((resolve) => {
      addEventListener(
        HYDRATED_EVENT,
        (event) => {
          (event as CustomEvent<Counterpart>).detail(button)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          resolve();
        },
        { once: true },
      );
    });
    hydrateHandingOver(container, app(pressed));

    await replayed;
    expect(pressed).toHaveBeenCalledTimes(1);
  });
});
