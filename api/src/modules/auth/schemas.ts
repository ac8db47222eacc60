import { Type } from '@sinclair/typebox';
import {
  Email,
  HttpUrl,
  Nullable,
  OneLine,
  OneOf,
  Password,
  PersonName,
  Timestamp,
  UserName,
  Uuid,
} from '../../lib/schemas.js';

const strict = { additionalProperties: false } as const;

export const UserInfoSchema = Type.Object(
  {
    id: Type.String(),
    companyId: Type.String(),
    userName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    profilePictureUrl: Nullable(Type.String()),
    roles: Type.Array(Type.String()),
    CompanyName: Type.String(),
    companyName: Type.String(),
    googleConnected: Type.Boolean({ description: 'A Google account is connected (from the profile).' }),
    pendingEmail: Nullable(Type.String(), {
      description: 'A new email waiting for its verification link; the email changes when it is used.',
    }),
  },
  { title: 'UserInfo' },
);

export const VerificationPending = Type.Object(
  {
    message: Type.String(),
    verificationRequired: Type.Literal(true),
    email: Type.String({ description: 'Where the verification link went.' }),
  },
  { title: 'VerificationPending' },
);

export const VerifyEmailBody = Type.Object(
  {
    token: Type.String({
      maxLength: 100,
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\\.[A-Za-z0-9_-]{20,60}$',
      description: 'The token of the mailed /verify-email link.',
    }),
  },
  { additionalProperties: false, title: 'VerifyEmailRequest' },
);
export const ResendVerificationBody = Type.Object(
  { verificationToken: Type.String({ minLength: 1, maxLength: 2048 }) },
  { additionalProperties: false, title: 'ResendVerificationRequest' },
);
export const GoogleNonce = Type.Object(
  { nonce: Type.String({ description: 'Pass as the nonce of the Google sign-in; good once, for 10 minutes.' }) },
  { title: 'GoogleNonce' },
);
export const ConnectGoogleBody = Type.Object(
  { idToken: Type.String({ minLength: 1, maxLength: 8192 }) },
  { additionalProperties: false, title: 'ConnectGoogleRequest' },
);

/** The session behind a sign-in's token, as GoTrue's token answer gives it (what supabase-js's setSession takes). */
export const HostedSession = Type.Object(
  {
    access_token: Type.String({ description: 'The same value as `token`.' }),
    token_type: Type.Literal('bearer'),
    expires_in: Type.Integer({ description: 'Seconds the access token lives (ACCESS_TOKEN_TTL_SECONDS).' }),
    expires_at: Type.Integer({ description: 'When the access token expires (Unix seconds).' }),
    refresh_token: Type.String({
      description: 'Good once: POST /auth/v1/token?grant_type=refresh_token answers the next session.',
    }),
  },
  { title: 'HostedSession' },
);

export const AuthResult = Type.Object(
  { token: Type.String(), user: UserInfoSchema, session: HostedSession },
  { title: 'AuthResult' },
);

export const LoginBody = Type.Object(
  {
    userName: Type.String({ minLength: 1, maxLength: 254 }),
    password: Password,
    code: Type.Optional(
      Type.String({ pattern: '^[0-9]{8}$', description: 'The sign-in code mailed after a 429 SIGN_IN_REFUSED.' }),
    ),
  },
  { ...strict, title: 'LoginRequest' },
);

export const RegisterBody = Type.Object(
  { firstName: PersonName, lastName: PersonName, userName: UserName, email: Email, password: Password },
  { ...strict, title: 'RegisterRequest' },
);

export const CompanyWithAdminBody = Type.Object(
  {
    companyName: OneLine({ minLength: 1, maxLength: 200 }),
    userName: UserName,
    email: Email,
    firstName: PersonName,
    lastName: PersonName,
    password: Type.Optional(Type.String({ maxLength: 128 })),
    phone: Type.Optional(OneLine({ maxLength: 40 })),
    industry: Type.Optional(OneLine({ maxLength: 100 })),
    withGoogle: Type.Optional(Type.Boolean({ default: false })),
    idToken: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 8192,
        description: 'Required with withGoogle: a Google ID token proving the same email; the answer carries a token.',
      }),
    ),
  },
  { ...strict, title: 'CompanyWithAdminRequest' },
);
export const CompanyWithAdminResult = Type.Object(
  {
    message: Type.String(),
    companyId: Type.String(),
    token: Type.Optional(Type.String()),
    user: Type.Optional(UserInfoSchema),
    session: Type.Optional(HostedSession),
    verificationRequired: Type.Optional(Type.Boolean()),
    email: Type.Optional(Type.String()),
  },
  { title: 'CompanyWithAdminResult' },
);

export const GoogleLoginBody = Type.Object(
  { idToken: Type.String({ minLength: 1, maxLength: 8192 }) },
  { ...strict, title: 'GoogleLoginRequest' },
);
export const GoogleInvitationBody = Type.Object(
  { idToken: Type.String({ minLength: 1, maxLength: 8192 }), invitationId: Uuid },
  { ...strict, title: 'GoogleLoginWithInvitationRequest' },
);

export const RegisterWithInvitationBody = Type.Object(
  {
    invitationId: Uuid,
    userName: UserName,
    firstName: PersonName,
    lastName: PersonName,
    password: Password,
    /** The invited address: the link is proof of it only together with the address itself. */
    email: Email,
  },
  { ...strict, title: 'RegisterWithInvitationRequest' },
);

export const ValidateInvitationResult = Type.Object(
  {
    valid: Type.Boolean(),
    message: Type.String(),
    companyName: Type.Optional(Type.String()),
    roles: Type.Optional(Type.Array(Type.String())),
    expiresAt: Type.Optional(Timestamp),
  },
  { title: 'ValidateInvitationResult' },
);

export const ForgotPasswordBody = Type.Object({ email: Email }, { ...strict, title: 'ForgotPasswordRequest' });
export const ValidateResetTokenBody = Type.Object(
  { email: Email, token: Type.String({ minLength: 1, maxLength: 200 }) },
  { ...strict, title: 'ValidateResetTokenRequest' },
);
export const ValidateResetTokenResult = Type.Object(
  { valid: Type.Boolean(), message: Type.String() },
  { title: 'ValidateResetTokenResult' },
);
export const ResetPasswordBody = Type.Object(
  {
    email: Email,
    token: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: Password,
    confirmPassword: Password,
  },
  { ...strict, title: 'ResetPasswordRequest' },
);

export const UpdateUserBody = Type.Object(
  {
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    userName: Type.Optional(UserName),
    email: Type.Optional(Email),
    profilePictureUrl: Type.Optional(
      Type.Union([HttpUrl, Type.Literal(''), Type.Null()], {
        description: 'A picture uploaded to the product’s storage, under the caller’s profile-pictures folder.',
      }),
    ),
  },
  { ...strict, title: 'UpdateUserRequest' },
);

export const AuthProviders = Type.Object(
  {
    google: Nullable(Type.Object({ clientId: Type.String() }, { additionalProperties: false }), {
      description: 'Google Identity Services, when the API verifies real Google ID tokens (GOOGLE_CLIENT_ID).',
    }),
    oidc: Type.Union(
      [Type.Object({ issuer: Type.String(), clientId: Type.String() }, { additionalProperties: false }), Type.Null()],
      { description: 'The embedded OpenID Connect provider (code + PKCE), when Google is not configured.' },
    ),
  },
  { additionalProperties: false, title: 'AuthProviders' },
);

export const SessionSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    createdAt: Type.String({ format: 'date-time', description: 'When this device signed in.' }),
    lastActiveAt: Type.String({
      format: 'date-time',
      description: 'The last refresh of its tokens, or the sign-in when never refreshed.',
    }),
    userAgent: Nullable(Type.String(), { description: 'The browser’s User-Agent at sign-in.' }),
    ip: Nullable(Type.String(), { description: 'The address it signed in from.' }),
    signInMethod: OneOf(['password', 'oauth', 'otp']),
    aal: OneOf(['aal1', 'aal2']),
    current: Type.Boolean({ description: 'The session of the token that asked.' }),
  },
  { title: 'Session' },
);
export const SessionList = Type.Object(
  { items: Type.Array(SessionSchema), total: Type.Integer() },
  { title: 'SessionList' },
);
export const EndedSessions = Type.Object(
  { ended: Type.Integer({ description: 'How many sessions ended.' }) },
  { title: 'EndedSessions' },
);
