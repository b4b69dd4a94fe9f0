import type { Browser } from 'playwright-core';
import { launchBrowser } from '../browser.ts';
import { type StartedServer, startOverlap } from '../server.ts';
import { startMailCatcher } from './mail-catcher.ts';

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

export interface OwnServer {
  server: StartedServer;
  mail: MailCatcher;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * A journey's own Overlap server on a fresh embedded database, with every mail it sends caught in
 * process, and a browser: for journeys that sign up or invite and must read the mailed codes.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const mail = await startMailCatcher();
  const server = await startOverlap({ SMTP_URL: mail.url, ...env });
  server.process.on('exit', (code) => {
    if (code) console.error(`server exited with ${code}:\n${server.output().slice(-4000)}`);
  });
  const browser = await launchBrowser();
  return {
    server,
    mail,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
      await mail.close();
    },
  };
}
