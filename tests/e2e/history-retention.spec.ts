import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * The firm's history retention (issue 29, item 4; decision 0308): Demo Law's company admin
 * tries a retention below the minimum, is told why, sets 24 months, and puts it back.
 */

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} - ${v.help}`));
}

test("a company admin chooses how many months of day-by-day history the firm keeps", async ({ page }) => {
  await login(page, accounts.companyAdmin);
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
