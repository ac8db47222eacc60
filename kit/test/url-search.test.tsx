import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useSearchUpdate } from '../src';

/** An update that sets one parameter. */
const set = (key: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.set(key, value);
  return next;
};

/** The address the router shows, as parameters. */
const shownAddress = () => Object.fromEntries(new URLSearchParams(screen.getByLabelText('address').textContent ?? ''));

/** Two writers of one URL, as a screen has them: a search box and a filter select. */
function Writers() {
  const writeSearch = useSearchUpdate();
  const writeFilter = useSearchUpdate();
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <button
        onClick={() => {
          // Both before the router renders again: a search settling as a location is picked.
          writeSearch(set('q', 'SN-1'));
          writeFilter(set('location', 'kiosk'));
        }}
      >
        both
      </button>
      <button onClick={() => writeFilter(set('status', 'sold'))}>status</button>
    </>
  );
}

it('keeps every change when two parts of a screen write the URL before it renders again', async () => {
  render(
    <MemoryRouter initialEntries={['/items?size=25']}>
      <Writers />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'both' }));
  expect(shownAddress()).toEqual({ size: '25', q: 'SN-1', location: 'kiosk' });

  // Later writes start from what is rendered.
  await userEvent.click(screen.getByRole('button', { name: 'status' }));
  expect(shownAddress()).toEqual({ size: '25', q: 'SN-1', location: 'kiosk', status: 'sold' });
});

/** A writer that keeps the handler of its first render, as the data grid keeps its sort handler until it re-renders. */
function StaleWriter() {
  const write = useSearchUpdate();
  const [first] = useState(() => write);
  const location = useLocation();
  return (
    <>
      <output aria-label="address">{location.search}</output>
      <button onClick={() => write(set('q', 'SN-1'))}>search</button>
      <button onClick={() => first(set('sort', 'serial'))}>sort</button>
    </>
  );
}

it('a write from the handler of an earlier render keeps what was written since', async () => {
  render(
    <MemoryRouter initialEntries={['/items?location=kiosk']}>
      <StaleWriter />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'search' }));
  await userEvent.click(screen.getByRole('button', { name: 'sort' }));
  expect(shownAddress()).toEqual({ location: 'kiosk', q: 'SN-1', sort: 'serial' });
});
