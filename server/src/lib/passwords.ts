import { hash, verify } from '@node-rs/argon2';
import { randomToken } from './crypto.ts';

// argon2id with OWASP's recommended minimums (19 MiB, 2 iterations).
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A random password that satisfies the password rules (a digit and a special character). */
export const generatePassword = (): string => `${randomToken(12)}-7!`;
