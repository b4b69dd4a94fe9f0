import type { IntegrationSummary } from '@overlap/contract/integrations';

interface PlanFacts {
  /** The plan id ('free', 'startup'...); empty means free. */
  planId: string;
  /** The plan's display name ('Startup'). */
  planName: string;
  /** The integration limit; -1 or 0 means no limit. */
  maxIntegrations: number;
}

/**
 * Why adding an integration of this category would be refused (spec 001 §5), mirroring the
 * server's rule: free allows one chat integration; other plans allow up to their limit when above
 * 0. Archived integrations don't count. Null when allowed.
 */
export function lockReason(
  category: string,
  plan: PlanFacts,
  existing: Pick<IntegrationSummary, 'archivedAt' | 'service'>[],
): string | null {
  const live = existing.filter((i) => i.archivedAt === null);
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
