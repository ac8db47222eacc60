import { Type } from '@sinclair/typebox';
import { Captcha, CodeChallenge, Email } from './schemas.js';

// What supabase-js 2.109 sends to /otp, /verify, /resend and PUT /user (auth-js GoTrueClient.ts
// signInWithOtp, verifyOtp, resend, updateUser), nothing else: any other field is a 400
// validation_failed. Lengths bound what the server reads.

const Phone = Type.String({ maxLength: 32 });
const Metadata = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 32 });

export const OtpBody = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    data: Type.Optional(Metadata),
    create_user: Type.Optional(Type.Boolean()),
    channel: Type.Optional(Type.String({ maxLength: 16 })),
    gotrue_meta_security: Type.Optional(Captcha),
    ...CodeChallenge,
  },
  { additionalProperties: false },
);

/** verifyOtp spreads its parameters into the body, `options` included. */
export const VerifyBody = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 32 })),
    token: Type.Optional(Type.String({ maxLength: 64 })),
    token_hash: Type.Optional(Type.String({ maxLength: 256 })),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
    options: Type.Optional(
      Type.Object(
        {
          redirectTo: Type.Optional(Type.String({ maxLength: 2048 })),
          captchaToken: Type.Optional(Type.String({ maxLength: 4096 })),
        },
        { additionalProperties: false },
      ),
    ),
    gotrue_meta_security: Type.Optional(Captcha),
  },
  { additionalProperties: false },
);

export const ResendBody = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 32 })),
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    gotrue_meta_security: Type.Optional(Captcha),
    ...CodeChallenge,
  },
  { additionalProperties: false },
);

export const UpdateUserBody = Type.Object(
  {
    email: Type.Optional(Email),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    current_password: Type.Optional(Type.String({ maxLength: 1024 })),
    nonce: Type.Optional(Type.String({ maxLength: 64 })),
    phone: Type.Optional(Phone),
    data: Type.Optional(Metadata),
    channel: Type.Optional(Type.String({ maxLength: 16 })),
    ...CodeChallenge,
  },
  { additionalProperties: false },
);
