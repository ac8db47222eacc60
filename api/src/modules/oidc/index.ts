// Google ID tokens: the one verifier (Google's keys or the development stand-in's). The stand-in
// provider itself (provider.ts) is imported lazily by plugins/adapters.ts, in development only.
export { googleVerifier, localVerifier, type IdTokenVerifier, type VerifiedIdentity } from './verify.js';
