import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry, served at /metrics. */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [metrics],
});

export const ingestedItems = new Counter({
  name: 'overlap_ingested_items_total',
  help: 'Presence samples and events accepted by the push API',
  labelNames: ['kind'],
  registers: [metrics],
});

export const appliedSamples = new Counter({
  name: 'overlap_presence_applied_total',
  help: 'Pushed presence samples the presence pump applied to blocks',
  registers: [metrics],
});
