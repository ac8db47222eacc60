// Google ID tokens: the one verifier (Google's keys or the development stand-in's). The stand-in
// provider itself (provider.ts) is imported lazily by plugins/adapters.ts, in development only.
export { googleVerifier, localVerifier, ssoVerifier, type IdTokenVerifier, type VerifiedIdentity } from './verify.js';
// This API as a client of a provider (redirect sign-in): discovery, authorization URL, code exchange.
export {
  authorizationUrl,
  discover,
  exchangeCode,
  isPublicHostName,
  ProviderUnreachable,
  type ClientCredentials,
  type Discovery,
} from './client.js';
export { CALLBACK_PATH, HOSTED_CALLBACK_PATH, LOCAL_CLIENT_ID } from './constants.js';
