import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inPublic } from '../../db/tenant.js';
import { hit } from '../../lib/rate-limit.js';
import { deliver } from '../mail/index.js';
import { findByEmail, findByUserName, key } from './accounts.js';

const HOUR = 3600;
/** Mails about a collision to one address per hour: registering cannot be used to flood a mailbox. */
const MAILS_PER_ADDRESS = 5;

/**
 * Whether a new password account would collide with an existing one. A collision is not told in
 * the answer — the caller answers exactly as for a new account, so registration cannot be used to
 * learn which emails or user names exist (as sign-in and forgot-password do not tell either). The
 * mailbox learns why instead: the owner of a taken email is reminded of their account; a taken
 * user name is told to the address given, whose owner can register again under another name.
 */
export async function mailedCollision(
  app: FastifyInstance,
  request: FastifyRequest,
  wanted: { userName: string; email: string },
): Promise<boolean> {
  const { db, config } = app;
  const emailTaken = (await findByEmail(db, wanted.email)) !== null;
  if (!emailTaken && !(await findByUserName(db, wanted.userName))) return false;
  const to = wanted.email.trim();
  if (!(await inPublic(db, (q) => hit(q, `register-collision:email:${key(to)}`, MAILS_PER_ADDRESS, HOUR)))) return true;
  if (emailTaken) await mailAddressTaken(app, request, to, 'registration');
  else
    await deliver(
      app.mailer,
      {
        to,
        subject: 'Your Stockwise registration was not completed',
        text: `Someone asked to register a Stockwise account with this email address. The user name ${wanted.userName.trim()} is already taken, so no account was created.\n\nRegister again with another user name: ${config.publicUrl}/register\n\nIf it was not you, ignore this email.`,
      },
      request.log,
      'registration',
    );
  return true;
}

/** Tells an address that already has an account that a registration or an email change wanted it. */
export async function mailAddressTaken(
  app: FastifyInstance,
  request: FastifyRequest,
  to: string,
  asked: 'registration' | 'change',
): Promise<void> {
  const { publicUrl } = app.config;
  const what =
    asked === 'registration'
      ? 'register a new Stockwise account with this email address'
      : 'change the email of another Stockwise account to this address';
  await deliver(
    app.mailer,
    {
      to,
      subject: 'You already have a Stockwise account',
      text: `Someone asked to ${what}. There is already a Stockwise account with this email address, so nothing was changed.\n\nSign in: ${publicUrl}/login\nForgot your password? ${publicUrl}/forgot-password\n\nIf it was not you, ignore this email.`,
    },
    request.log,
    asked === 'registration' ? 'registration' : 'email change',
  );
}
