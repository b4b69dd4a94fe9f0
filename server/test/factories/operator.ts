import type { Db } from '../../src/db/client.ts';
import { createAccount, createUser, sessionCookie } from '../factories.ts';

/** A superadmin in an operators' account, signed in. */
export async function signedInOperator(db: Db) {
  const account = await createAccount(db, { name: 'Overlap Operators', plan: 'business' });
  const user = await createUser(db, account.id, { role: 'superadmin' });
  return { account, user, cookie: await sessionCookie(db, user.id) };
}

/** A customer account with its manager (the admin user) and one plain user, none signed in. */
export async function customerAccount(db: Db, values: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(db, values);
  const manager = await createUser(db, account.id, { role: 'manager' });
  const member = await createUser(db, account.id, { role: 'user' });
  return { account, manager, member };
}
