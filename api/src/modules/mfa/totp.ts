import { Secret, TOTP } from 'otpauth';

// TOTP (RFC 6238) as GoTrue and every authenticator app use it: SHA-1, 6 digits, 30-second steps,
// a 160-bit key, and one step of clock drift either way. otpauth does the arithmetic; qrcode
// draws the otpauth:// URI as the SVG GoTrue answers (supabase-js makes it a data: URI).

const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
const DRIFT_STEPS = 1;

export interface NewTotp {
  /** The key in base32, as authenticator apps take it typed in. */
  secret: string;
  uri: string;
  /** An SVG document of the URI's QR code. */
  qrSvg: string;
}

/** A new random key for a factor, its otpauth:// URI and QR code (issuer: who the app lists it under). */
export async function newTotp(issuer: string, account: string): Promise<NewTotp> {
  const totp = new TOTP({
    issuer,
    label: account,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: new Secret({ size: 20 }),
  });
  const uri = totp.toString();
  return {
    secret: totp.secret.base32,
    uri,
    // qrcode (57 files with its PNG encoder) is loaded by the first enrolment, not at start.
    qrSvg: await (await import('qrcode')).default.toString(uri, { type: 'svg', errorCorrectionLevel: 'M' }),
  };
}

/**
 * The time step a code belongs to, when it is the key's code for now (give or take one step), or
 * null. The caller accepts it only when the step is later than the last one used, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
