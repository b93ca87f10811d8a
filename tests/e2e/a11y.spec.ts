import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports } from "./fixtures";

const pages: { path: string; as?: string; heading: string | RegExp }[] = [
  { path: "/login", heading: "Sign in to your account" },
  { path: "/privacy", heading: "Privacy policy" },
  { path: "/home", as: accounts.employee, heading: "Emil Employee" },
  { path: "/groups", as: accounts.companyAdmin, heading: "Demo Law" },
  { path: "/users", as: "admin@demo.test", heading: /./ },
  { path: "/users/all", as: accounts.companyAdmin, heading: /./ },
  { path: "/operator", as: "operator@demo.test", heading: /./ },
  { path: "/signup/demo-invite-token", heading: /./ },
  { path: "/reset/not-a-real-reset-link", heading: /./ },
];

/** One line per offending node, so a failure says what to fix and where. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} - ${violation.help}`),
  );
}

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`axe, ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, as, heading } of pages) {
      test(`${path} has no WCAG 2 A/AA violations (${size})`, async ({ page }) => {
        if (as) await login(page, as);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);

        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test(`/groups/{id} and /offices/{id} have no WCAG 2 A/AA violations (${size})`, async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/groups");
      await page.locator('a[href^="/groups/"]').first().click();
      await expect(page).toHaveURL(/\/groups\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('a[href^="/offices/"]').first().click();
      await expect(page).toHaveURL(/\/offices\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
