import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's WCAG 2 A and AA violations, one line each. It first waits for the page's
 * running transitions and animations (endless ones, such as a spinner, aside): a button that
 * was disabled a moment ago fades back over 150 ms, and axe measured its contrast halfway
 * (a flake on the login page in CI). With `landmarks`, also the two best-practice rules the
 * WCAG tags leave out (a page keeps its heading and landmarks with a menu open); not for a
 * modal dialog, which hides the page by design.
 */
export async function axeViolations(page: Page, { landmarks = false } = {}) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const rules: Record<string, { enabled: boolean }> = landmarks ? { region: { enabled: true }, "page-has-heading-one": { enabled: true } } : {};
  const results = await new AxeBuilder({ page }).options({ rules }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} - ${violation.help}`),
  );
}
