import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_CV_KEY, startFakeCvService } from "../fakes/cv-service";
import { accounts, expect, login, test, viewports, waitForHydration, workerServerPort } from "./fixtures";

/**
 * The company page's 'CV service' dialog against a loopback CV service (tests/fakes/cv-service.ts,
 * on the worker's server port + 210): a company admin connects it, runs 'Import now', sees the last import and
 * the people matched, then a refused key as the last error; the imported CV items stay on the
 * user card. Screenshots at 1280 and 390 px; axe clean.
 */
let fake: Awaited<ReturnType<typeof startFakeCvService>>;

test.describe.configure({ mode: "serial", timeout: 120_000 });

// Playwright passes the worker's info second and wants the fixtures destructured first.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  fake = await startFakeCvService(workerServerPort(testInfo.parallelIndex) + 210);
});

test.afterAll(async () => {
  await fake?.close();
});

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} - ${v.help}`));
}

async function openDialog(page: Page) {
  await page.goto("/groups");
  const button = page.getByRole("button", { name: "CV service" });
  await waitForHydration(button);
  await button.click();
  return page.getByRole("dialog", { name: "CV service (CV Partner)" });
}

test("a company admin connects the CV service, imports now, and sees a refused key as the last error", async ({ page }) => {
  await login(page, accounts.companyAdmin, { fresh: true });
  let dialog = await openDialog(page);
  await dialog.getByLabel("CV service address").fill(fake.url);
  await dialog.getByLabel("API key").fill(DEMO_CV_KEY);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("CV service saved. The next scheduled run imports.");
  expect(await axe(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Import now" }).click();
  const status = dialog.getByTestId("cv-service-status");
  await expect(status).toContainText("People matched2");
  // Confirmed with the app's toast (issue 27, item 19), not only in the status rows.
  await expect(page.getByTestId("toast")).toHaveText("CV import finished: 2 people matched.");
  await expect(status).not.toContainText("Last importnever");
  await expect(status).not.toContainText("Last error");

  // The imported items reach Emil's user card, 'From CV Partner'.
  await page.goto("/overview?offices=all&groups=all&sort=name");
  const card = page.getByTestId("person-card").filter({ hasText: "Emil Employee" }).first();
  await waitForHydration(card);
  await card.click();
  const userCard = page.getByRole("dialog");
  await expect(userCard.getByText("Nordbank – Acquisition of Baltic Leasing")).toBeVisible();
  await expect(userCard.getByText("From CV Partner").first()).toBeVisible();

  // The overview's CV filter narrows to the people with the item.
  await page.keyboard.press("Escape");
  await page.goto("/overview?offices=all&groups=all&sort=name");
  const cvFilter = page.getByLabel("CV item", { exact: true });
  await waitForHydration(cvFilter);
  await cvFilter.selectOption({ label: "Nordbank – Acquisition of Baltic Leasing" });
  await expect(page).toHaveURL(/cv=Nordbank/);
  await expect(page.getByTestId("result-count")).toHaveText("1 person");
  await expect(page.getByTestId("person-card").filter({ hasText: "Emil Employee" })).toHaveCount(1);
  expect(await axe(page)).toEqual([]);
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `test-results/screenshots/overview-cv-filter-${viewport.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);
  await cvFilter.selectOption({ label: "All CV items" });
  await expect(page).not.toHaveURL(/cv=/);

  // The service starts refusing the key: the import records it and the items stay.
  const control = await fetch(`${fake.url}/__control/${DEMO_CV_KEY}`, {
    method: "PUT",
    body: JSON.stringify({ people: [], cvs: {}, mode: "401" }),
  });
  expect(control.status).toBe(204);
  dialog = await openDialog(page);
  await dialog.getByRole("button", { name: "Import now" }).click();
  await expect(dialog.getByTestId("cv-service-status")).toContainText("The CV service refused the API key (401). Check the key on the company page.");
  expect(await axe(page)).toEqual([]);
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `test-results/screenshots/cv-service-${viewport.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);

  await page.goto("/overview");
  const again = page.getByTestId("person-card").filter({ hasText: "Emil Employee" }).first();
  await waitForHydration(again);
  await again.click();
  await expect(page.getByRole("dialog").getByText("Nordbank – Acquisition of Baltic Leasing")).toBeVisible();
});
