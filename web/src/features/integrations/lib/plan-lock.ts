import type { IntegrationSummary } from '@overlap/contract/integrations';

interface PlanFacts {
  /** The plan id ('free', 'startup'...); empty means free. */
  planId: string;
  /** The plan's display name ('Startup'). */
  planName: string;
  /** The integration limit; -1 or 0 means no limit. */
  maxIntegrations: number;
  /** Custom (API key) integrations allowed: 0 none, -1 no cap of their own. */
  maxCustomIntegrations: number;
}

/**
 * Why adding an integration of this service would be refused (spec 001 §5), mirroring the
 * server's rule: free allows one chat integration; other plans allow up to their limit when above
 * 0; custom integrations only as many as the plan includes (Business 1). Archived integrations
 * don't count. Null when allowed.
 */
export function lockReason(
  service: { category: string; provider: string },
  plan: PlanFacts,
  existing: Pick<IntegrationSummary, 'archivedAt' | 'service'>[],
): string | null {
  const { category } = service;
  const live = existing.filter((i) => i.archivedAt === null);
  if (service.provider === 'custom') {
    if (plan.maxCustomIntegrations === 0) return 'Custom integrations come with the Business plan';
    const customs = live.filter((i) => i.service.provider === 'custom').length;
    if (plan.maxCustomIntegrations > 0 && customs >= plan.maxCustomIntegrations) {
      const n = plan.maxCustomIntegrations;
      return `${plan.planName} plan allows only ${n} custom integration${n === 1 ? '' : 's'}`;
    }
  }
  if (plan.planId === '' || plan.planId === 'free') {
    const chats = live.filter((i) => i.service.category === 'chat').length;
    return category === 'chat' && chats >= 1 ? 'Free plan allows only 1 chat integration' : null;
  }
  if (plan.maxIntegrations > 0 && live.length >= plan.maxIntegrations) {
    return `${plan.planName} plan allows only ${plan.maxIntegrations} integrations`;
  }
  return null;
}

/** The first paragraph of a markdown description as plain text, for a service card. */
export function plainSummary(markdown: string): string {
  const paragraph = markdown
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .find((p) => p !== '' && !p.startsWith('#') && !p.startsWith('```'));
  if (!paragraph) return '';
  return paragraph
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/:$/, '.');
}
