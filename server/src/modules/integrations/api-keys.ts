import { randomToken, type SecretBox, sha256 } from '../../lib/crypto.ts';

export const API_KEY_PREFIX = 'ovl_';

export interface IssuedApiKey {
  apiKey: string;
  apiKeyHash: string;
  apiKeyEncrypted: string;
}

/** A new random key: looked up by its SHA-256, kept encrypted so the owner can copy it again. */
export function issueApiKey(secrets: SecretBox): IssuedApiKey {
  const apiKey = `${API_KEY_PREFIX}${randomToken(24)}`;
  return { apiKey, apiKeyHash: sha256(apiKey), apiKeyEncrypted: secrets.encrypt(apiKey) };
}

/** Display form of a key: first 8 and last 4 characters. */
export function maskApiKey(apiKey: string): string {
  return `${apiKey.slice(0, 8)}…${apiKey.slice(-4)}`;
}

export function revealApiKey(secrets: SecretBox, encrypted: string | null): string | null {
  if (!encrypted) return null;
  try {
    return secrets.decrypt(encrypted);
  } catch {
    return null;
  }
}
