import type { TestProject } from 'vitest/node';
import { seededPasswords, startOverlap } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    demoEmail: string;
    demoPassword: string;
    adminEmail: string;
    adminPassword: string;
  }
}

/** One real Overlap server (embedded PostgreSQL, built web app) shared by every journey of the run. */
export default async function setup(project: TestProject) {
  // Webhook journeys deliver to a receiver on the loopback interface.
  const server = await startOverlap({ JOBS: 'true', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  const seeded = seededPasswords(server.output());
  if (!seeded.demo || !seeded.admin) throw new Error(`seed credentials not printed:\n${server.output()}`);
  project.provide('baseUrl', server.url);
  project.provide('demoEmail', seeded.demo.email);
  project.provide('demoPassword', seeded.demo.password);
  project.provide('adminEmail', seeded.admin.email);
  project.provide('adminPassword', seeded.admin.password);
  return async () => {
    await server.stop();
  };
}
