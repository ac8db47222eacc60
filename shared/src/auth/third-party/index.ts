import { googleNonce } from '../flows';
import { startOidcSignIn, type ThirdPartyIntent } from './oidc';

export { CALLBACK_PATH, CallbackError, completeOidcSignIn, identityFrom, startOidcSignIn } from './oidc';
export type { ConnectGoogleReturn, ThirdPartyIntent } from './oidc';
export { loadGoogleIdentity } from './google-identity';
export type { GoogleId } from './google-identity';

/** Asks the API for a one-time nonce, then sends the browser to the embedded provider's page. */
export async function beginOidcSignIn(provider: { issuer: string; clientId: string }, intent: ThirdPartyIntent) {
  const nonce = await googleNonce();
  await startOidcSignIn(provider, intent, nonce);
}
