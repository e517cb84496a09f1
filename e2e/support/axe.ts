// Accessibility gate for every page: axe-core finds no serious or critical violation.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe for one page, run in that page. Legacy mode: axe.run() in the page (and in its same-origin frames;
 * our pages have no frames) rather than a partial run per frame finished in a new blank page, which
 * opened a page and parsed axe's half megabyte again on every check. Only violations are reported in
 * full: they are all a check reads.
 */
export function axeFor(page: Page, { violationsOnly = false } = {}): AxeBuilder {
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  return violationsOnly ? builder.options({ resultTypes: ['violations'] }) : builder;
}

export async function expectAccessible(page: Page, { exclude = [] as string[] } = {}): Promise<void> {
  let builder = axeFor(page, { violationsOnly: true });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe violations on ${page.url()}`).toEqual([]);
}
