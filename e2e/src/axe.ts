import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical accessibility violations axe finds on the page, one line each with the
 * rule, what it means and up to three offending elements: journeys expect an empty list.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return describe(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

/**
 * Violations of the named rules only, whatever their impact (also rules axe does not run by default),
 * on the elements `include` selects (the whole page without it).
 */
export async function ruleViolations(page: Page, rules: string[], include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withRules(rules);
  const result = await (include ? builder.include(include) : builder).analyze();
  return describe(result.violations);
}

function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` :: ${n.failureSummary}` : ''}`)
        .join(' | ')})`,
  );
}
