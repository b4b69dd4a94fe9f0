import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/users.ts';
import type { Mailer, MailMessage } from './message.ts';

/**
 * With SMTP_URL: sends over SMTP (and keeps a copy in the outbox). Without: the outbox table and a
 * console line, so a local sign-up can be finished by hand.
 */
export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: (line: string) => void }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message: MailMessage) {
      const [row] = await options.db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
      if (!transport) {
        options.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
        return;
      }
      await transport.sendMail({ from: options.from, ...message });
      if (row) {
        const { eq } = await import('drizzle-orm');
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
