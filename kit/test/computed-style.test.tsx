// The front-end suites reuse jsdom's computed styles until the page changes
// (scripts/jest-computed-style.js). A user sees what the page shows now: an element hidden or made
// unclickable a moment ago must count as hidden or unclickable at once, however often it was
// asked about before.
import { useState } from 'react';
import { Box } from '@mui/material';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

function Toggle({ hide }: { hide: 'display' | 'pointer' }) {
  const [off, setOff] = useState(false);
  const sx = hide === 'display' ? { display: off ? 'none' : 'block' } : { pointerEvents: off ? 'none' : 'auto' };
  return (
    <>
      <button onClick={() => setOff((v) => !v)}>Toggle</button>
      <Box sx={sx}>
        <Box>
          <button>Details</button>
        </Box>
      </Box>
    </>
  );
}

it('a section hidden by a style change is hidden to the next query, and shown again after', async () => {
  render(<Toggle hide="display" />);
  expect(screen.getByRole('button', { name: 'Details' })).toBeVisible();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(screen.queryByRole('button', { name: 'Details' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  expect(screen.getByRole('button', { name: 'Details' })).toBeVisible();
});

it('a button under `pointer-events: none` set a moment ago cannot be clicked', async () => {
  render(<Toggle hide="pointer" />);
  await userEvent.click(screen.getByRole('button', { name: 'Details' }));
  await userEvent.click(screen.getByRole('button', { name: 'Toggle' }));
  await expect(userEvent.click(screen.getByRole('button', { name: 'Details' }))).rejects.toThrow(
    /pointer-events: none/,
  );
});

it('a style sheet added later applies to an element already asked about', () => {
  render(<button className="later">Later</button>);
  expect(screen.getByRole('button', { name: 'Later' })).toBeVisible();
  const style = document.createElement('style');
  style.textContent = '.later { visibility: hidden; }';
  document.head.append(style);
  expect(screen.queryByRole('button', { name: 'Later' })).toBeNull();
  style.remove();
  expect(screen.getByRole('button', { name: 'Later' })).toBeVisible();
});
