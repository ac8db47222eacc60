import type { FastifyPluginAsync } from 'fastify';
import { googleRoutes } from './google.js';
import { passwordResetRoutes } from './password-reset.js';
import { profileRoutes } from './profile.js';
import { registrationRoutes } from './registration.js';
import { sessionListRoutes } from './session-list.js';
import { signInRoutes } from './sign-in.js';
import { verificationRoutes } from './verification.js';

/** Under /api/auth (index.ts), one file per flow, each with paths relative to it. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(signInRoutes);
  await app.register(registrationRoutes);
  await app.register(verificationRoutes);
  await app.register(googleRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
  await app.register(sessionListRoutes);
};
