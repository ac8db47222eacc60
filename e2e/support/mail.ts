import { expect, type APIRequestContext } from '@playwright/test';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
  /** The files it carries (a purchase order's PDF): names and sizes. */
  attachments?: Array<{ filename: string; contentType: string; size: number }>;
}

/** The development outbox (GET /api/dev/outbox, from this machine only): mails to `email`, newest first. */
export async function outbox(request: APIRequestContext, email: string): Promise<OutboxMail[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  expect(res.status(), 'the development outbox answers').toBe(200);
  return (await res.json()) as OutboxMail[];
}

const linkTo = (path: string, text: string) =>
  text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\?\\S+`))?.[0];

/**
 * The newest link to `path` (e.g. '/verify-email') mailed to `email`, waiting for the mail to
 * arrive; with `count`, waits until that many such mails have been sent.
 */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  path: string,
  { count = 1 }: { count?: number } = {},
): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const links = (await outbox(request, email)).map((mail) => linkTo(path, mail.text)).filter(Boolean);
    expect(links.length).toBeGreaterThanOrEqual(count);
    link = links[0];
  }).toPass({ timeout: 15_000 });
  return link!;
}

/** A mailed link as a path on the product under test (the mail names the public URL). */
export const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Opens an account's verification link through the API, as clicking it would. */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const link = await mailedLink(request, email, '/verify-email');
  const token = new URL(link).searchParams.get('token');
  const res = await request.post('/api/auth/verify-email', { data: { token } });
  if (!res.ok()) throw new Error(`verify-email answered ${res.status()}: ${await res.text()}`);
}
