import { createHmac } from 'node:crypto';
import { randomToken, safeEqual } from '../../lib/crypto.ts';

export const SECRET_PREFIX = 'whsec_';

export const newWebhookSecret = () => `${SECRET_PREFIX}${randomToken(24)}`;

/** What is shown of a secret after it was created: its last four characters. */
export const secretHintOf = (secret: string) => `${SECRET_PREFIX}…${secret.slice(-4)}`;

const hmac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The Overlap-Signature header value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  return `t=${unixSeconds},v1=${hmac(secret, unixSeconds, body)}`;
}

/**
 * What a receiver does: true when the header's v1 matches the body and its timestamp is within
 * `toleranceSeconds` of `nowSeconds` (an old signature replayed is refused).
 */
export function verifySignature(
  header: string,
  body: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const parts = new Map(
    header.split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  return safeEqual(v1, hmac(secret, t, body));
}
