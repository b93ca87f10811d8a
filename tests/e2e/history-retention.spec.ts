import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, DEMO_PASSWORD, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * The firm's history retention (issue 29, item 4; decision 0308): Demo Law's company admin
 * tries a retention below the minimum, is told why, sets 24 months, and puts it back; and, with
 * a sign-in over 10 minutes old, a shorter retention says what it deletes and asks for the
 * password (the step-up, decision 0276) while a longer one asks nothing.
 */
// Both tests change Demo Law's retention: one after the other.
test.describe.configure({ mode: "serial" });

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} - ${v.help}`));
}

test("a company admin chooses how many months of day-by-day history the firm keeps", async ({ page }) => {
  // A sign-in of its own: putting 13 months back is shorter, and needs the sign-in within 10 minutes.
  await login(page, accounts.companyAdmin, { fresh: true });
  await page.goto("/groups");
  const open = page.getByRole("button", { name: "History retention" });
  await waitForHydration(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "History retention" });
  const field = dialog.getByLabel("Months of day-by-day history (blank: for ever)");
  const before = await field.inputValue();
  try {
    await field.fill("12");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(
      dialog.getByText("History retention must be a whole number of months from 13 to 120, or empty to keep history for ever."),
    ).toBeVisible();
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axe(page), `axe at ${viewport.width} px`).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/history-retention-error-${viewport.width}.png` });
    }
    await page.setViewportSize(viewports.desktop);
    await field.fill("24");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByTestId("history-retention-status")).toContainText("24 months");
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screenshots/history-retention-${viewport.width}.png` });
    }
    await page.setViewportSize(viewports.desktop);
  } finally {
    await field.fill(before);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByTestId("history-retention-status")).toContainText(before ? `${before} months` : "for ever");
  }
});

test("a shorter retention says what it deletes and asks for the password once the sign-in is 10 minutes old; a longer one does not", async ({
  page,
}) => {
  await login(page, accounts.companyAdmin, { fresh: true });
  // Eleven minutes on by the browser's clock the step-up window has closed.
  await page.clock.install({ time: new Date(Date.now() + 11 * 60_000) });
  await page.goto("/groups");
  const open = page.getByRole("button", { name: "History retention" });
  await waitForHydration(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "History retention" });
  const field = dialog.getByLabel("Months of day-by-day history (blank: for ever)");
  const password = dialog.getByLabel("Your password (to confirm the change)");
  const warning = dialog.getByTestId("history-retention-shorter");
  const save = dialog.getByRole("button", { name: "Save" });
  const before = await field.inputValue();
  const status = dialog.getByTestId("history-retention-status");
  try {
    // Longer: nothing is deleted, nothing asked.
    await field.fill("60");
    await expect(warning).toHaveCount(0);
    await expect(password).toHaveCount(0);
    await save.click();
    await expect(status).toContainText("60 months");
    // Shorter: the dialog says what goes before saving, and asks for the password.
    await field.fill("24");
    await expect(warning).toContainText("A shorter retention deletes history: the day-by-day detail from before");
    await expect(warning).toContainText("The other company admins are told by e-mail.");
    await expect(password).toBeVisible();
    await password.fill("not-my-password");
    await save.click();
    await expect(dialog.getByText("Wrong password.")).toBeVisible();
    await expect(status).toContainText("60 months");
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      expect(await axe(page), `axe at ${viewport.width} px`).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/history-retention-shorter-${viewport.width}.png` });
    }
    await page.setViewportSize(viewports.desktop);
    await password.fill(DEMO_PASSWORD);
    await save.click();
    await expect(status).toContainText("24 months");
    await expect(warning).toHaveCount(0);
  } finally {
    await field.fill(before);
    // Back to 13 months is shorter again: the browser's clock still says the window has closed.
    if (await password.isVisible()) await password.fill(DEMO_PASSWORD);
    await save.click();
    await expect(status).toContainText(before ? `${before} months` : "for ever");
  }
});
