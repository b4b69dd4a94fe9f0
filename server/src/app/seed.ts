import { count } from 'drizzle-orm';
import type { AppDeps } from '../core/context.ts';
import { accounts } from '../db/schema/accounts.ts';
import { services } from '../db/schema/integrations.ts';
import { users } from '../db/schema/users.ts';
import { generatePassword, hashPassword } from '../lib/passwords.ts';
import { SERVICE_CATALOGUE } from '../modules/integrations/catalogue.ts';

export interface SeedResult {
  seeded: boolean;
  admin?: { email: string; password: string };
  demo?: { email: string; password: string; accountId: string };
}

/** Adds catalogue services that are missing (by provider); existing rows keep operator edits. */
export async function seedServices(deps: AppDeps): Promise<void> {
  await deps.database.db.insert(services).values(SERVICE_CATALOGUE).onConflictDoNothing({ target: services.provider });
}

/** Seeds an empty database: superadmin, and the demo account with its manager and demo team. */
export async function seedIfEmpty(
  deps: AppDeps,
  options: { demo: boolean; createDemoTeam?: (deps: AppDeps, accountId: string) => Promise<void> },
): Promise<SeedResult> {
  const { db } = deps.database;
  await seedServices(deps);
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { seeded: false };

  const now = new Date();
  const adminPassword = generatePassword();
  const adminEmail = deps.config.SEED_ADMIN_EMAIL.toLowerCase();
  const result: SeedResult = { seeded: true, admin: { email: adminEmail, password: adminPassword } };

  await db.transaction(async (tx) => {
    const [ops] = await tx
      .insert(accounts)
      .values({
        name: 'Overlap Operators',
        slug: 'overlap-operators',
        status: 'active',
        plan: 'business',
        onboardingCompleted: true,
        onboardingNextAction: 'none',
        onboardingCompletedAt: now,
        activatedAt: now,
        signupData: { signupSource: 'seed' },
      })
      .returning({ id: accounts.id });
    if (!ops) throw new Error('could not create the operators account');
    await tx.insert(users).values({
      accountId: ops.id,
      email: adminEmail,
      role: 'superadmin',
      passwordHash: await hashPassword(adminPassword),
      emailVerifiedAt: now,
    });
  });

  if (!options.demo) return result;
  const demoPassword = generatePassword();
  const demoAccountId = await db.transaction(async (tx) => {
    const [demo] = await tx
      .insert(accounts)
      .values({
        name: 'Demo Team',
        slug: 'demo-team',
        status: 'active',
        plan: 'business',
        features: ['predictions'],
        onboardingCompleted: true,
        onboardingNextAction: 'none',
        onboardingCompletedAt: now,
        activatedAt: now,
        signupData: { signupSource: 'seed', survey: { teamName: 'Demo Team' } },
      })
      .returning({ id: accounts.id });
    if (!demo) throw new Error('could not create the demo account');
    await tx.insert(users).values({
      accountId: demo.id,
      email: 'demo@overlap.local',
      role: 'manager',
      passwordHash: await hashPassword(demoPassword),
      emailVerifiedAt: now,
    });
    return demo.id;
  });
  await options.createDemoTeam?.(deps, demoAccountId);
  result.demo = { email: 'demo@overlap.local', password: demoPassword, accountId: demoAccountId };
  return result;
}
