import { Type } from '@sinclair/typebox';
import { Nullable } from '../../lib/schemas.js';

// What supabase-js sends to each endpoint (auth-js GoTrueClient.ts), nothing else: any other field
// is a 400 validation_failed. Lengths bound what the server reads, not what a person may choose.

export const Email = Type.String({ maxLength: 320 });
/** What GoTrue calls a valid address here: something@something (its "invalid format" otherwise). */
export const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+$/;
const Password = Type.String({ maxLength: 1024 });
/** supabase-js's `gotrue_meta_security` (a captcha token, which this service does not ask for). */
export const Captcha = Type.Object(
  { captcha_token: Type.Optional(Nullable(Type.String({ maxLength: 4096 }))) },
  { additionalProperties: false },
);
/** The PKCE challenge supabase-js sends with a flow that ends in a code. */
export const CodeChallenge = {
  code_challenge: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
  code_challenge_method: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
};

export const TokenQuery = Type.Object({ grant_type: Type.String({ maxLength: 32 }) }, { additionalProperties: false });

/** The password, refresh_token, pkce and id_token grants share the endpoint; each reads its own fields. */
export const TokenBody = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    password: Type.Optional(Password),
    refresh_token: Type.Optional(Type.String({ maxLength: 512 })),
    gotrue_meta_security: Type.Optional(Captcha),
    // pkce (exchangeCodeForSession)
    auth_code: Type.Optional(Type.String({ maxLength: 512 })),
    code_verifier: Type.Optional(Type.String({ maxLength: 256 })),
    // id_token (signInWithIdToken, linkIdentity with a token); access_token is Google's, unused here
    provider: Type.Optional(Type.String({ maxLength: 32 })),
    id_token: Type.Optional(Type.String({ maxLength: 8192 })),
    access_token: Type.Optional(Nullable(Type.String({ maxLength: 8192 }))),
    nonce: Type.Optional(Nullable(Type.String({ maxLength: 512 }))),
    link_identity: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const LogoutQuery = Type.Object(
  { scope: Type.Optional(Type.String({ maxLength: 16 })) },
  { additionalProperties: false },
);

export const SignupBody = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
    password: Type.Optional(Password),
    data: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 32 })),
    channel: Type.Optional(Type.String({ maxLength: 16 })),
    gotrue_meta_security: Type.Optional(Captcha),
    ...CodeChallenge,
  },
  { additionalProperties: false },
);

export const RecoverBody = Type.Object(
  { email: Type.Optional(Email), gotrue_meta_security: Type.Optional(Captcha), ...CodeChallenge },
  { additionalProperties: false },
);

export const RedirectQuery = Type.Object(
  { redirect_to: Type.Optional(Type.String({ maxLength: 2048 })) },
  { additionalProperties: false },
);
