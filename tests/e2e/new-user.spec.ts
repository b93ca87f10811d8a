import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, test, viewports, waitForHydration } from "./fixtures";
import { PASSWORD_MIN } from "../../app/domain/account/invite.schema";

/**
 * What a new user tripped over (issue 27), each at the width it was seen at, with a
 * screenshot of the changed screen: test-results/screenshots/issue27-{what}-{width}.png.
 */
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/issue27-${name}-${page.viewportSize()!.width}.png` });

/** axe's WCAG 2 A/AA rules, one line per offending node (as tests/e2e/a11y.spec.ts runs them). */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(" ")} - ${v.help}`));
}

test.describe("work location opens on a click or tap only (item 2)", () => {
  test.describe("on a phone", () => {
    test.use({ viewport: viewports.phone, hasTouch: true, isMobile: true });

    test("the first tap on a day opens its options; a tap elsewhere closes them", async ({ page }) => {
      await login(page, "ida.bergstrom.40@demo.test");
      await page.goto("/home");
      const day = page.getByRole("list", { name: "This week" }).getByRole("listitem").nth(1);
      const button = day.getByRole("button").first();
      await waitForHydration(button);
      await button.tap();
      await expect(day.getByRole("group")).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await shot(page, "work-location-open");
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("heading", { name: "Work location" }).tap();
      await expect(day.getByRole("group")).toBeHidden();
    });
  });

  test.describe("on a desktop", () => {
    test.use({ viewport: viewports.desktop });

    test("hovering opens nothing; the click opens the options and Escape closes them, back on the day", async ({ page }) => {
      await login(page, "ida.bergstrom.40@demo.test");
      await page.goto("/home");
      const day = page.getByRole("list", { name: "This week" }).getByRole("listitem").nth(1);
      const button = day.getByRole("button").first();
      await waitForHydration(button);
      await button.hover();
      await expect(day.getByRole("group")).toBeHidden();
      await button.click();
      await expect(day.getByRole("group")).toBeVisible();
      await shot(page, "work-location-open");
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(day.getByRole("group")).toBeHidden();
      await expect(button).toBeFocused();
    });
  });
});

for (const viewport of Object.values(viewports)) {
  test.describe(`sign-up at ${viewport.width} px (item 3)`, () => {
    test.use({ viewport });

    test(`the password hint says the length the server asks for (${viewport.width})`, async ({ page }) => {
      await page.goto("/signup/demo-invite-token");
      const password = page.getByLabel("Password", { exact: true });
      await waitForHydration(password);
      await expect(page.getByText(/^At least \d+ characters\.$/)).toHaveText(`At least ${PASSWORD_MIN} characters.`);
      await shot(page, "signup");
      expect(await axeViolations(page)).toEqual([]);
      // The server's refusal names the same number.
      await password.fill("x".repeat(PASSWORD_MIN - 1));
      await page.getByLabel("Confirm password").fill("x".repeat(PASSWORD_MIN - 1));
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByText(`Use at least ${PASSWORD_MIN} characters.`)).toBeVisible();
    });
  });
}
