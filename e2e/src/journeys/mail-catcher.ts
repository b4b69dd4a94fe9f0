import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  body: string;
}

const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** An in-process SMTP server that keeps every message, for journeys that read codes and links from mail. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          body: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  /** Waits for the newest mail to `to` whose body matches `pattern`, and returns the first capture group. */
  async function waitFor(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      for (const mail of [...mails].reverse()) {
        if (!mail.to.includes(to.toLowerCase())) continue;
        const match = pattern.exec(mail.body);
        if (match) return match[1] ?? match[0];
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${to} matching ${pattern}`);
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor,
    count: (to: string) => mails.filter((m) => m.to.includes(to.toLowerCase())).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
