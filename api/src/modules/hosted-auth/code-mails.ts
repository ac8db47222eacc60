import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deliver } from '../mail/index.js';
import { codeMinutes } from './codes.js';

// The mails of the auth service's one-time codes and of a password change, through the one mail
// adapter (SMTP, or the outbox in development). English, as every mail the API sends today.

type Kind = 'sign-in' | 'email-change' | 'reauthentication';

const texts: Record<Kind, { subject: string; text: (code: string) => string }> = {
  'sign-in': {
    subject: 'Your Stockwise sign-in code',
    text: (code) =>
      `Your code to sign in to Stockwise:\n\n${code}\n\nIt works once, for ${codeMinutes} minutes.\n\nIf you did not ask to sign in, ignore this email: nobody can sign in without this code.`,
  },
  'email-change': {
    subject: 'Confirm your new Stockwise email address',
    text: (code) =>
      `Someone asked to change the email of a Stockwise account to this address. Your confirmation code:\n\n${code}\n\nIt works once, for ${codeMinutes} minutes.\n\nIf it was not you, ignore this email: nothing changes.`,
  },
  reauthentication: {
    subject: 'Your Stockwise confirmation code',
    text: (code) =>
      `Your code to confirm a change to your Stockwise account (such as a new password):\n\n${code}\n\nIt works once, for ${codeMinutes} minutes.\n\nIf it was not you, someone is signed in to your account: change your password.`,
  },
};

export function mailCode(app: FastifyInstance, request: FastifyRequest, kind: Kind, to: string, code: string) {
  const t = texts[kind];
  return deliver(app.mailer, { to, subject: t.subject, text: t.text(code) }, request.log, `${kind} code`);
}

/** Tells the account's owner that its password was changed (and what to do if it was not them). */
export function mailPasswordChanged(app: FastifyInstance, request: FastifyRequest, to: string) {
  const { publicUrl } = app.config;
  return deliver(
    app.mailer,
    {
      to,
      subject: 'Your Stockwise password was changed',
      text: `The password of your Stockwise account was changed. Your other signed-in devices were signed out.\n\nIf it was not you, reset your password now: ${publicUrl}/forgot-password`,
    },
    request.log,
    'password changed',
  );
}
