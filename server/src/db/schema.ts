export * from './schema/accounts.ts';
export * from './schema/activity.ts';
export * from './schema/billing.ts';
export * from './schema/integrations.ts';
export * from './schema/oauth.ts';
export * from './schema/planner.ts';
export * from './schema/users.ts';
export * from './schema/webhooks.ts';
