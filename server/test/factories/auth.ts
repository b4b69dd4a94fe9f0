import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/accounts.ts';
import { users } from '../../src/db/schema/users.ts';
import type { App } from '../../src/http/app.ts';
import type { MailMessage } from '../../src/lib/mail/message.ts';
import { type Caller, client } from '../app.ts';

/** A client from its own random IP address, so per-IP rate limits of one test don't leak into another. */
export function fromFreshIp(app: App, cookie?: string): Caller {
  const ip = `10.${randomBytes(3).join('.')}`;
  const call = client(app, cookie);
  return (options) => call({ remoteAddress: ip, ...options });
}

/** Signs in through the API. */
export const logIn = (call: Caller, email: string, password: string) =>
  call({ method: 'POST', url: '/auth/login', body: { email, password } });

/** The user of `email` (in any case) with their account. */
export async function userWithAccount(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
}

export const uniqueEmail = (prefix = 'person') =>
  `${prefix}-${randomBytes(4).toString('hex')}@acme-${randomBytes(2).toString('hex')}.io`;

/** The newest mail sent to `to`; fails the test when there is none. */
export function lastMailTo(mails: MailMessage[], to: string): MailMessage {
  const found = [...mails].reverse().find((m) => m.to.toLowerCase() === to.toLowerCase());
  if (!found) throw new Error(`no mail to ${to}`);
  return found;
}

export const mailsTo = (mails: MailMessage[], to: string) =>
  mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());

/** The token and code of a confirmation mail, read from its link and text. */
export function confirmationOf(mail: MailMessage): { token: string; code: string } {
  const url = /(https?:\/\/\S+\/confirm-email\?\S+)/.exec(mail.text)?.[1];
  const code = /confirmation code: (\d{6})/.exec(mail.text)?.[1];
  if (!url || !code) throw new Error(`not a confirmation mail:\n${mail.text}`);
  return { token: new URL(url).searchParams.get('token') as string, code };
}

/** The token in a reset-password link. */
export function resetTokenOf(mail: MailMessage): string {
  const url = /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
  if (!url) throw new Error(`not a reset mail:\n${mail.text}`);
  return new URL(url).searchParams.get('token') as string;
}

/** The token in an invitation accept link. */
export function invitationTokenOf(mail: MailMessage): string {
  const token = /\/invitations\/([^/\s]+)\/accept/.exec(mail.text)?.[1];
  if (!token) throw new Error(`not an invitation mail:\n${mail.text}`);
  return decodeURIComponent(token);
}

export const GOOD_PASSWORD = 'Sunny-days-42!';
