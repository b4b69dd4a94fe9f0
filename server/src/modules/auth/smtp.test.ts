import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, type TestApp } from '../../../test/app.ts';
import { uniqueEmail } from '../../../test/factories/auth.ts';
import { createMailer } from '../../lib/mail/mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp();
  t.deps.mailer = createMailer({
    db: t.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Overlap <no-reply@overlap.test>',
    log: () => {},
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft breaks and escapes so the link and code can be read. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('confirmation mail over real SMTP', () => {
  it('delivers the sign-up confirmation with code and link to an SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const res = await client(t.app)({ method: 'POST', url: '/auth/signup', body: { email, selectedIntegrations: [] } });
    expect(res.statusCode).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail?.from).toBe('no-reply@overlap.test');
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    expect(body).toContain('Subject: Confirm your email address');
    expect(body).toContain('text/plain');
    expect(body).toContain('text/html');
    const code = /confirmation code: (\d{6})/.exec(body)?.[1];
    const token = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(token).toBeTruthy();

    const confirmed = await client(t.app)({ method: 'POST', url: '/auth/confirm-code', body: { email, code } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().nextStep).toBe('set_password');
  });
});
