import type { APIRequestContext } from '@playwright/test';
import { verifyEmail } from './mail';
import { login } from './session';

let counter = 0;

/**
 * A user of the owner's company holding these roles, invited and accepted through the real API
 * (the invitation flow's own screens are tested in settings-access.spec.ts), signed in.
 */
export async function addUserWithRoles(request: APIRequestContext, ownerToken: string, roles: string[]) {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}`;
  const email = `user_${id}@example.com`;
  const userName = `user_${id}`;
  const password = 'correct horse battery';
  const invited = await request.post('/api/invitations', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { email, roles },
  });
  if (invited.status() !== 201) throw new Error(`invitation answered ${invited.status()}: ${await invited.text()}`);
  const accepted = await request.post('/api/auth/register-with-invitation', {
    data: {
      invitationId: ((await invited.json()) as { id: string }).id,
      userName,
      email,
      firstName: 'Pat',
      lastName: 'Member',
      password,
    },
  });
  if (!accepted.ok())
    throw new Error(`register-with-invitation answered ${accepted.status()}: ${await accepted.text()}`);
  await verifyEmail(request, email);
  return { userName, password, ...(await login(request, userName, password)) };
}
