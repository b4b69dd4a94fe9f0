import { createHash, randomBytes } from 'node:crypto';

interface IssuedCode {
  redirectUri: string;
  challenge: string | null;
  used: boolean;
  extra: Record<string, unknown>;
}

/** Authorization codes of a fake provider: single use, bound to the redirect URI and PKCE challenge. */
export function codeBook() {
  const codes = new Map<string, IssuedCode>();
  return {
    issue(query: URLSearchParams, extra: Record<string, unknown> = {}): string {
      const code = randomBytes(16).toString('hex');
      const method = query.get('code_challenge_method');
      codes.set(code, {
        redirectUri: query.get('redirect_uri') ?? '',
        challenge: method === 'S256' ? query.get('code_challenge') : null,
        used: false,
        extra,
      });
      return code;
    },
    /** The code's extras, or the OAuth error code that refuses the exchange. */
    redeem(form: URLSearchParams): { extra: Record<string, unknown> } | { error: string; description: string } {
      const entry = codes.get(form.get('code') ?? '');
      if (!entry || entry.used) return { error: 'invalid_grant', description: 'The code is unknown or was used' };
      if (entry.redirectUri !== form.get('redirect_uri')) {
        return { error: 'invalid_grant', description: 'redirect_uri does not match' };
      }
      if (entry.challenge !== null) {
        const verifier = form.get('code_verifier') ?? '';
        const computed = createHash('sha256').update(verifier).digest('base64url');
        if (computed !== entry.challenge) return { error: 'invalid_grant', description: 'PKCE verification failed' };
      }
      entry.used = true;
      return { extra: entry.extra };
    },
    /** Whether an authorize request carried a PKCE challenge. */
    lastHadChallenge(): boolean {
      return [...codes.values()].at(-1)?.challenge != null;
    },
  };
}
