import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify, theme } from '@stockwise/shared';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_LIMIT, NotificationsProvider } from '../src/features/notifications';
import { ThemeToggle } from '../src/features/theme';
import { installMatchMedia, renderWithProviders } from './helpers';

beforeAll(() => installMatchMedia(() => false));
beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('colour mode (spec §§4, 9)', () => {
  it('is light by default, with Roboto and border radius 12', () => {
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('light');
    expect(theme.shape.borderRadius).toBe(12);
    expect(theme.typography.fontFamily).toMatch(/^Roboto/);
  });

  it('the toggle flips it, stores it under the theme-mode key, and it is restored on load', async () => {
    const first = renderWithProviders(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem('theme-mode')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    first.unmount();
    document.documentElement.className = '';

    renderWithProviders(<ThemeToggle />); // a reload
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('theme-mode')).toBe('light');
  });
});

describe('notifications (spec §§8, 9)', () => {
  afterEach(() => jest.useRealTimers());

  it('shows at most 3 at a time, top centre, each for 3000 ms', () => {
    jest.useFakeTimers();
    expect([NOTIFICATION_LIMIT, NOTIFICATION_DURATION_MS]).toEqual([3, 3000]);
    render(<NotificationsProvider>page</NotificationsProvider>);
    act(() => {
      for (const n of [1, 2, 3, 4]) notify(`Message ${n}`, 'info');
    });
    act(() => jest.advanceTimersByTime(50));
    const visible = () => ['Message 1', 'Message 2', 'Message 3', 'Message 4'].filter((m) => screen.queryByText(m));
    expect(visible()).toHaveLength(3);
    // Top centre: notistack's container sits at the top, centred horizontally.
    const container = screen.getByText(visible()[0]!).closest('.notistack-SnackbarContainer') as HTMLElement;
    const style = getComputedStyle(container);
    expect(style.top).toBe('14px');
    expect(style.bottom).toBe('');
    expect([style.left, style.transform]).toEqual(['50%', 'translateX(-50%)']);

    act(() => jest.advanceTimersByTime(NOTIFICATION_DURATION_MS - 200));
    expect(visible()).toHaveLength(3);
    // Step the clock so that enter/exit transitions and the hide timers chain as in a browser.
    const step = (ms: number) => {
      for (let t = 0; t < ms; t += 100) act(() => jest.advanceTimersByTime(100));
    };
    step(1000);
    expect(visible()).toContain('Message 4'); // the fourth shows once one of the first three is gone
    step(10_000);
    expect(visible()).toHaveLength(0);
  });
});
