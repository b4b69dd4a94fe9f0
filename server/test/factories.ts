import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { type AccountStatus, accounts } from '../src/db/schema/accounts.ts';
import { type UserRole, users } from '../src/db/schema/users.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createSession } from '../src/modules/auth/session.ts';

const suffix = () => randomBytes(4).toString('hex');

export async function createAccount(
  db: Db,
  values: Partial<{
    name: string;
    status: AccountStatus;
    plan: string;
    onboardingCompleted: boolean;
    features: string[];
    maxPeople: number | null;
  }> = {},
) {
  const name = values.name ?? `Team ${suffix()}`;
  const onboarded = values.onboardingCompleted ?? true;
  const [row] = await db
    .insert(accounts)
    .values({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix()}`,
      status: values.status ?? 'active',
      plan: values.plan ?? 'free',
      onboardingCompleted: onboarded,
      onboardingNextAction: onboarded ? 'none' : 'onboarding',
      features: values.features ?? [],
      maxPeople: values.maxPeople ?? null,
      activatedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('account not created');
  return row;
}

export const TEST_PASSWORD = 'correct-horse-1!';

export async function createUser(
  db: Db,
  accountId: string,
  values: Partial<{ email: string; role: UserRole; password: string | null; verified: boolean }> = {},
) {
  const password = values.password === undefined ? TEST_PASSWORD : values.password;
  const [row] = await db
    .insert(users)
    .values({
      accountId,
      email: values.email ?? `user-${suffix()}@example.com`,
      role: values.role ?? 'manager',
      passwordHash: password ? await hashPassword(password) : null,
      emailVerifiedAt: values.verified === false ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

/** A signed-in session cookie for `userId`, without going through the login route. */
export async function sessionCookie(db: Db, userId: string, impersonatorUserId?: string): Promise<string> {
  const token = await createSession(db, userId, { impersonatorUserId });
  return `overlap_session=${token}`;
}

/** An account with a manager who is signed in: the most common starting point of an API test. */
export async function signedInManager(db: Db, accountValues: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, accountValues);
  const user = await createUser(db, account.id, { role: 'manager' });
  return { account, user, cookie: await sessionCookie(db, user.id) };
}
