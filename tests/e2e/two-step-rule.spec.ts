import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, submitLoginForm, test, viewports, waitForHydration } from "./fixtures";

/**
 * The company's two-step rule (issue 31, item 1; decision 0298): Demo Law's company admin
 * requires a second factor with a grace period, and a person on password sign-in without one is
 * asked at sign-in and may put it off. The rule is turned off again whatever happens, so no
 * later spec's sign-in meets it. Jonas Bergström (generated person 57) is signed in by no other spec.
 */

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} - ${v.help}`));
}

async function shoot(page: Page, name: string, fullPage = true) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    expect(await axe(page), `axe at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage });
  }
  await page.setViewportSize(viewports.desktop);
}

test("a company admin requires a second factor; at sign-in a person without one is asked and may put it off", async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  await login(page, accounts.companyAdmin, { fresh: true });
  try {
    await page.goto("/groups");
    const open = page.getByRole("button", { name: "Two-step sign-in" });
    await waitForHydration(open);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Two-step sign-in" });
    await expect(dialog.getByTestId("two-step-policy-status")).toContainText("no");
    await expect(dialog.getByLabel("Grace period (days)")).toHaveValue("14");
    await dialog.getByLabel("Require a second factor for everyone who signs in with a password").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Two-step sign-in is now required for password sign-in.");
    await expect(dialog.getByTestId("two-step-policy-status")).toContainText("Grace period ends");
    await shoot(page, "two-step-rule-dialog", false);

    // Another browser: Jonas signs in with his password and is asked first.
    const context = await browser.newContext({ baseURL, locale: "en-GB", viewport: viewports.desktop });
    const person = await context.newPage();
    await person.goto("/login");
    await submitLoginForm(person, "jonas.bergstrom.57@demo.test");
    await expect(person).toHaveURL(/\/login\/two-step-setup\?redirectTo=/);
    await expect(person.getByRole("heading", { level: 1, name: "Set up two-step sign-in" })).toBeVisible();
    await expect(person.getByText(/You can put this off until/)).toBeVisible();
    await expect(person.getByRole("link", { name: "Set up authenticator app" })).toHaveAttribute("href", "/settings/authenticator");
    await shoot(person, "two-step-rule-prompt");
    await person.getByRole("link", { name: "Not now" }).click();
    await expect(person).toHaveURL(/\/home$/);
    await context.close();
  } finally {
    const off = await page.request.put("/api/v2/company/second-factor-policy", { data: { requireSecondFactor: false, gracePeriodDays: 14 } });
    expect(off.status()).toBe(200);
  }
});
