import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { ROLES, session } from '@stockwise/shared';
import { AppLayout } from '../src/app/layout/AppLayout';
import { menuStore } from '../src/features/navigation';
import { installMatchMedia, renderWithProviders, tokenFor } from './helpers';
import { mockApi } from '../../shared/test/mock-api';

// The drawer at phone and desktop widths (spec §2). That a phone's page is not hidden behind
// a modal drawer nobody opened is checked in Chromium (e2e/tests/shell-and-public.spec.ts):
// jsdom does not reproduce it.
describe('AppLayout (spec §2 drawer)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.reload();
    menuStore.setState({ openCollapseId: null, selectedId: null, drawerOpen: null });
    mockApi(() => ({ status: 200, data: { status: 0, plan: null } }));
    act(() => session.setToken(tokenFor(ROLES.storekeeper)));
  });

  it('on a narrow screen the drawer starts closed over the page and the toggle opens it', async () => {
    installMatchMedia(() => false);
    renderWithProviders(
      <AppLayout>
        <h1>My Tasks page</h1>
      </AppLayout>,
    );
    expect(await screen.findByRole('heading', { name: 'My Tasks page' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle the menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Toggle the menu' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });

  it('on a wide screen the drawer starts open beside the page', async () => {
    installMatchMedia();
    renderWithProviders(
      <AppLayout>
        <h1>My Tasks page</h1>
      </AppLayout>,
    );
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'My Tasks page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Toggle the menu' })).toHaveAttribute('aria-expanded', 'true');
  });
});
