import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { APP_TITLE, usePageTitleOnNavigation } from '../src/features/navigation';

// A prerendered page names itself in the tab; once the app runs, the next page must not carry
// that name on.

function Page() {
  usePageTitleOnNavigation();
  return <Link to="/register">Get started</Link>;
}

it('keeps the title the prerendered page arrived with, and gives the next page the application title', async () => {
  document.title = 'Simple pricing that grows with you · Stockwise';
  render(
    <MemoryRouter initialEntries={['/pricing']}>
      <Page />
    </MemoryRouter>,
  );
  expect(document.title).toBe('Simple pricing that grows with you · Stockwise');
  await userEvent.click(screen.getByRole('link', { name: 'Get started' }));
  expect(document.title).toBe(APP_TITLE);
});
