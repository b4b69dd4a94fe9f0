const base = '/api/v1/integrations';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Every integrations URL the web app calls (server/src/modules/integrations/routes.ts). */
export const integrationPaths = {
  list: base,
  availableServices: `${base}/available-services`,
  one,
  activate: (id: string) => `${one(id)}/activate`,
  deactivate: (id: string) => `${one(id)}/deactivate`,
  regenerateKey: (id: string) => `${one(id)}/regenerate-key`,
  regenerateWebhookSecret: (id: string) => `${one(id)}/regenerate-webhook-secret`,
  events: (id: string) => `${one(id)}/events`,
  blocks: (id: string) => `${one(id)}/activity-blocks`,
  runs: (id: string) => `${one(id)}/runs`,
  run: (id: string, runId: string) => `${one(id)}/runs/${encodeURIComponent(runId)}`,
  statistics: (id: string) => `${one(id)}/statistics`,
  apiCalls: (id: string) => `${one(id)}/api-calls`,
  people: (id: string, query: { page: number; limit: number; status?: string }) => {
    const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
    if (query.status) params.set('status', query.status);
    return `${one(id)}/people?${params}`;
  },
};
