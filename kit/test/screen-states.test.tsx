import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '@stockwise/shared';
import { Forbidden, isForbidden, LoadError, Loading, statusOf } from '../src';

describe('screen states', () => {
  it('loading says so', () => {
    render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it('a failed load says what the API said and retries on request', async () => {
    const retry = jest.fn();
    render(<LoadError error={new AppError('The database is asleep.', { status: 503 })} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The database is asleep.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('a 403 about roles is the forbidden state, with no Retry; a plan limit is not', () => {
    const refused = new AppError('This needs users.manage.', { status: 403, code: 'FORBIDDEN' });
    const limit = new AppError('The plan allows 3 users.', { status: 403, code: 'PLAN_LIMIT_USERS' });
    expect(isForbidden(refused)).toBe(true);
    expect(isForbidden(limit)).toBe(false);
    expect(isForbidden(null)).toBe(false);
    expect(statusOf(limit)).toBe(403);
    render(<LoadError error={refused} onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('You do not have access to this screen');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('forbidden names who to ask', () => {
    render(<Forbidden />);
    expect(screen.getByRole('alert')).toHaveTextContent(/Your role may not use this screen/);
  });
});
