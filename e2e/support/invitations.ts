import { expect, type Page } from '@playwright/test';

export interface Invitee {
  /** The invited address: the invitee types it, the link alone does not claim the seat. */
  email: string;
  firstName: string;
  lastName: string;
  userName: string;
  password: string;
}

/** The owner's side: User Invitations' dialog, sent for `email` with these roles. */
export async function inviteOnScreen(page: Page, email: string, roles: string[]) {
  await page.goto('/settings/invitations');
  await page.getByRole('button', { name: 'Invite user' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  for (const role of roles) await dialog.getByRole('checkbox', { name: role }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation-sent')).toContainText(email);
}

/** The invitee's side: the registration form an invitation link opens, filled in and sent. */
export async function acceptOnScreen(page: Page, invitee: Invitee) {
  await page.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
  await page.getByLabel('First name').fill(invitee.firstName);
  await page.getByLabel('Last name').fill(invitee.lastName);
  await page.getByLabel('User name').fill(invitee.userName);
  await page.getByLabel('Password', { exact: true }).fill(invitee.password);
  await page.getByLabel('Confirm password').fill(invitee.password);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
}
