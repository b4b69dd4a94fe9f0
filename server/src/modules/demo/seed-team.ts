import type { AppDeps } from '../../http/deps.ts';

/** Creates the demo team of the seeded demo account (the activity-engine work fills this in). */
export async function createDemoTeam(_deps: AppDeps, _accountId: string): Promise<void> {}
