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

/**
 * Marks the elements of `selector` lying wholly in view in the scroll container `scroller`: inside
 * its visible box and clear of its sticky parts (a timeline's header row and hour rail), and answers
 * the selector of the marked ones. Content scrolled partly under a sticky header is obscured for the
 * moment, as scrolled content is; axe's target-size would count a 24 px marker there as too small,
 * depending only on where the scroll stopped.
 */
export async function inViewOf(page: Page, scroller: string, selector: string): Promise<string> {
  await page.evaluate(
    ({ scroller, selector }) => {
      const box = document.querySelector(scroller);
      if (!box) throw new Error(`no ${scroller}`);
      const view = box.getBoundingClientRect();
      const sticky = Array.from(box.querySelectorAll<HTMLElement>('*'))
        .filter((el) => getComputedStyle(el).position === 'sticky')
        .map((el) => el.getBoundingClientRect());
      const overlaps = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      for (const el of Array.from(box.querySelectorAll(selector))) {
        const r = el.getBoundingClientRect();
        const inside = r.top >= view.top && r.bottom <= view.bottom && r.left >= view.left && r.right <= view.right;
        el.toggleAttribute('data-axe-in-view', inside && !sticky.some((s) => overlaps(r, s)));
      }
    },
    { scroller, selector },
  );
  return selector
    .split(',')
    .map((part) => `${part.trim()}[data-axe-in-view]`)
    .join(', ');
}
