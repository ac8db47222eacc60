import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation } from '@stockwise/shared';
import { mockApi, refusal, renderAt, signIn, type Call, type Reply } from './support/harness';

const at = '2025-03-01T10:00:00Z';
const later = '2025-03-08T10:00:00Z';
const link = (id: string) => `http://localhost:8080/register?invitationId=${id}`;
const ROLE_NAMES = ['Account Manager', 'Admin', 'Company Owner', 'New Item Operator', 'Rapid Seller', 'Storekeeper'];

let invitations: Invitation[];
let seats: { used: number; max: number; planName: string };

const invitation = (id: string, email: string, status: Invitation['status'], roles = ['Storekeeper']): Invitation => ({
  id,
  email,
  roles,
  invitedBy: 'u1',
  invitedByUserName: 'owner',
  status,
  expiresAt: later,
  createdAt: at,
  acceptedAt: status === 'accepted' ? at : null,
  inviteUrl: link(id),
});

function invitationsApi(extra?: (call: Call) => Reply | undefined) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.url === '/api/invitations') return { status: 200, data: invitations };
    if (call.method === 'GET' && call.url === '/api/users/limit') return { status: 200, data: seats };
    if (call.method === 'GET' && call.url === '/api/roles')
      return {
        status: 200,
        data: ROLE_NAMES.map((name, i) => ({ id: `r${i}`, name, builtIn: true, userCount: 0 })),
      };
    if (call.method === 'POST' && call.url === '/api/invitations') {
      const body = call.body as { email: string; roles: string[] };
      const created = invitation(`i${invitations.length + 1}`, body.email, 'pending', body.roles);
      invitations = [created, ...invitations];
      seats = { ...seats, used: seats.used + 1 };
      return { status: 201, data: created };
    }
    const resend = /^\/api\/invitations\/(\w+)\/resend$/.exec(call.url);
    if (resend && call.method === 'POST') {
      invitations = invitations.map((i) => (i.id === resend[1] ? { ...i, status: 'pending' } : i));
      return { status: 200, data: invitations.find((i) => i.id === resend[1]) };
    }
    const revoke = /^\/api\/invitations\/(\w+)\/revoke$/.exec(call.url);
    if (revoke && call.method === 'POST') {
      invitations = invitations.map((i) => (i.id === revoke[1] ? { ...i, status: 'revoked' } : i));
      seats = { ...seats, used: seats.used - 1 };
      return { status: 200, data: invitations.find((i) => i.id === revoke[1]) };
    }
    return undefined;
  });
}

beforeEach(() => {
  invitations = [
    invitation('i1', 'pending@example.com', 'pending'),
    invitation('i2', 'joined@example.com', 'accepted'),
    invitation('i3', 'late@example.com', 'expired'),
  ];
  seats = { used: 3, max: 25, planName: 'Premium Plan' };
});

describe('/settings/invitations', () => {
  test('lists every status, and only a pending invitation can be copied or revoked', async () => {
    signIn(['Admin']);
    invitationsApi();
    renderAt('/settings/invitations');
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(screen.getByText('Expired')).toBeInTheDocument();
    expect(await screen.findByText('3 of 25 used')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy the link for pending@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy the link for joined@example.com' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Revoke the invitation for late@example.com' }),
    ).not.toBeInTheDocument();
  });

  test('invites with two roles, shows the link to share and copies it; the seat count follows', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    const calls = invitationsApi();
    renderAt('/settings/invitations');
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });

    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one role.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /email/i }), 'new.hire@example.com');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Storekeeper' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rapid Seller' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      email: 'new.hire@example.com',
      roles: ['Storekeeper', 'Rapid Seller'],
    });
    const sent = await screen.findByTestId('invitation-sent');
    expect(sent).toHaveTextContent('Invitation sent to new.hire@example.com.');
    // The dialog has closed (until then the page behind it is hidden from assistive technology).
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(sent).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(link('i4'));
    await user.click(within(sent).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(link('i4'));

    expect(await screen.findByText('new.hire@example.com')).toBeInTheDocument();
    expect(await screen.findByText('4 of 25 used')).toBeInTheDocument();
  });

  test('an Admin cannot pick Company Owner, and the API’s refusal lands on the email field', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    invitationsApi((call) =>
      call.method === 'POST'
        ? refusal(409, 'A pending invitation for this email already exists.', { field: 'email' })
        : undefined,
    );
    renderAt('/settings/invitations');
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Company Owner' })).toBeDisabled();
    expect(within(dialog).getByText('Only a Company Owner can give or take this role.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /email/i }), 'pending@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const email = within(dialog).getByRole('textbox', { name: /email/i });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('A pending invitation for this email already exists.'),
    );
    expect(screen.getByRole('dialog', { name: 'Invite user' })).toBeInTheDocument();
  });

  test('a Company Owner out of seats is shown the way to Premium in the dialog', async () => {
    const user = userEvent.setup();
    signIn(['Company Owner']);
    seats = { used: 3, max: 3, planName: 'Free Plan' };
    invitationsApi((call) =>
      call.method === 'POST'
        ? refusal(403, 'Plan limit reached: your plan allows 3 users.', { code: 'PLAN_LIMIT_USERS' })
        : undefined,
    );
    renderAt('/settings/invitations');
    expect(await screen.findByText('3 of 3 used')).toBeInTheDocument();
    expect(screen.getByText('You have reached your plan’s limit.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    // An owner may invite an owner.
    expect(await within(dialog).findByRole('checkbox', { name: 'Company Owner' })).toBeEnabled();
    await user.type(within(dialog).getByRole('textbox', { name: /email/i }), 'fourth@example.com');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Storekeeper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // Said once, with the way to Premium under it.
    const limit = await within(dialog).findByRole('alert');
    expect(limit).toHaveTextContent('Plan limit reached: your plan allows 3 users.');
    expect(within(dialog).getAllByText(/Plan limit reached/)).toHaveLength(1);
    expect(within(limit).getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/premium-purchase');
  });

  test('an Admin out of seats is told to ask the Company Owner', async () => {
    signIn(['Admin']);
    seats = { used: 3, max: 3, planName: 'Free Plan' };
    invitationsApi();
    renderAt('/settings/invitations');
    expect(await screen.findByText('Ask the Company Owner to upgrade to Premium.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go Premium' })).not.toBeInTheDocument();
  });

  test('revokes a pending invitation after confirming; the list and the seats follow', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    const calls = invitationsApi();
    renderAt('/settings/invitations');
    await user.click(await screen.findByRole('button', { name: 'Revoke the invitation for pending@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation for pending@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/invitations/i1/revoke')).toBe(true));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(await screen.findByText('2 of 25 used')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Revoke the invitation for pending@example.com' }),
    ).not.toBeInTheDocument();
  });

  test('a failed list offers Retry; a refused one says the roles do not allow it', async () => {
    const user = userEvent.setup();
    signIn(['Admin']);
    let fail = true;
    invitationsApi((call) =>
      call.url === '/api/invitations' && fail ? refusal(500, 'Something went wrong on our side.') : undefined,
    );
    const first = renderAt('/settings/invitations');
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('pending@example.com')).toBeInTheDocument();
    first.unmount();

    signIn(['Storekeeper']);
    invitationsApi((call) => (call.method === 'GET' ? refusal(403, 'You may not do this.') : undefined));
    renderAt('/settings/invitations');
    expect(await screen.findByTestId('forbidden')).toHaveTextContent('You do not have access to this screen');
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  test('sends a pending or expired invitation again; an accepted one cannot be', async () => {
    signIn(['Admin']);
    const calls = invitationsApi();
    renderAt('/settings/invitations');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Send the invitation to joined@example.com again' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the invitation to pending@example.com again' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation to late@example.com again' }));
    await waitFor(() => expect(screen.queryByText('Expired')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/invitations/i3/resend');
  });

  test('an expired invitation without a free seat shows the plan’s limit with the way to Premium', async () => {
    signIn(['Company Owner']);
    invitationsApi((call) =>
      call.url.endsWith('/resend')
        ? refusal(403, 'Your plan allows 3 users (including pending invitations).', { code: 'PLAN_LIMIT_USERS' })
        : undefined,
    );
    renderAt('/settings/invitations');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the invitation to late@example.com again' }));
    expect(await screen.findByText('Your plan allows 3 users (including pending invitations).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toBeInTheDocument();
  });
});
