import type { Plan } from '@overlap/contract/plans';

/** One cell: a text value, an included/not included mark, or a feature promised but not built. */
export type ComparisonCell =
  | { kind: 'text'; text: string }
  | { kind: 'included' }
  | { kind: 'excluded' }
  | { kind: 'coming-soon' };

export interface ComparisonRow {
  label: string;
  cells: ComparisonCell[];
}

const text = (value: string): ComparisonCell => ({ kind: 'text', text: value });
const mark = (included: boolean): ComparisonCell => ({ kind: included ? 'included' : 'excluded' });

export const peopleLimitText = (limit: number) => (limit < 0 ? 'Unlimited' : String(limit));

/** -1 is unlimited; other limits read 'N integration(s) (presence only)' (spec 001 §2). */
export const integrationLimitText = (limit: number) =>
  limit < 0 ? 'Unlimited' : `${limit} integration${limit === 1 ? '' : 's'} (presence only)`;

/** The free plan shows its 7 days of history; paid plans show what the catalogue says. */
export const retentionText = (plan: Pick<Plan, 'id' | 'retentionDays' | 'dataRetention'>) =>
  plan.id === 'free' ? '7 days of history' : plan.retentionDays === null ? 'Unlimited' : plan.dataRetention;

/**
 * The plan comparison of spec 001 §2: limits first, then features. SSO and Custom Data Backups are
 * not built yet: the plans that will get them show 'coming soon', never a check mark.
 */
export function comparisonRows(plans: readonly Plan[]): ComparisonRow[] {
  const featureRow = (label: string, has: (p: Plan) => boolean): ComparisonRow => ({
    label,
    cells: plans.map((p) => (p.comingSoon.includes(label) ? { kind: 'coming-soon' } : mark(has(p)))),
  });
  return [
    { label: 'People Limit', cells: plans.map((p) => text(peopleLimitText(p.peopleLimit))) },
    { label: 'Tracking Interval (min)', cells: plans.map((p) => text(String(p.trackingInterval))) },
    { label: 'Integrations', cells: plans.map((p) => text(integrationLimitText(p.integrationLimit))) },
    { label: 'Data Retention', cells: plans.map((p) => text(retentionText(p))) },
    { label: 'Support Level', cells: plans.map((p) => text(p.supportLevel)) },
    featureRow('Team Management', (p) => p.teamManagement),
    {
      label: 'Custom integrations',
      cells: plans.map((p) =>
        p.customIntegrationLimit > 0
          ? text(`${p.customIntegrationLimit} custom integration${p.customIntegrationLimit === 1 ? '' : 's'}`)
          : mark(false),
      ),
    },
    featureRow('SSO', () => false),
    featureRow('Custom Data Backups', () => false),
  ];
}
