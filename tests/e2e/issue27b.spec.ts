import type { Page } from "@playwright/test";
import { stableId } from "../../scripts/stable-id";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";
import { axeViolations } from "./axe";

/**
 * Issue 27, items 14, 16, 17, 20, 21 and the time-zone list of 25, in the browser. Each test
 * saves a screenshot of the screen it changed: test-results/screenshots/issue27b-{what}-{width}.png.
 */

// axe on the long overview tables takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/issue27b-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

const SCALE = ["Available", "Some availability", "Busy", "Seriously busy"];
const SCORED = SCALE.map((name, level) => `${level + 1} ${name}`);
const LEVEL_CLASS = /\bbg-workload-(0|1|2|3|away|none)\b/;

for (const viewport of [viewports.desktop, viewports.phone]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("item 14: one workload scale: the same names, numbers and colours on Find people, statistics and projects", async ({ page }) => {
      await login(page, accounts.companyAdmin);

      await page.goto("/find-people");
      await expect(page.getByText("Who is free (available or some availability) on these days")).toBeVisible();
      await page.getByRole("button", { name: "Find people" }).click();
      await expect(page.getByRole("heading", { name: /match/ })).toBeVisible();
      await expect(page.getByRole("list", { name: "Colours of the days" }).getByRole("listitem")).toHaveText([...SCALE, "Away", "No data"]);
      await expect(page.getByText(/workload 0/)).toHaveCount(0);
      const days = await page
        .locator('ul[aria-label^="Days of"] > li')
        .evaluateAll((items) => items.map((li) => ({ cls: li.getAttribute("class") ?? "", title: li.getAttribute("title") ?? "" })));
      expect(days.length).toBeGreaterThan(0);
      for (const { cls, title } of days) {
        expect(cls, title).toMatch(LEVEL_CLASS);
        expect(cls, title).not.toMatch(/amber|emerald/);
        if (title.endsWith(": Away")) expect(cls, title).toContain("bg-workload-away");
      }
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "find-people");

      await page.goto("/statistics");
      await expect(page.getByRole("list", { name: "Workload scale" }).getByRole("listitem")).toHaveText(SCORED);
      await expect(page.getByText(/1 available to 4 seriously busy/)).toHaveCount(0);

      await page.goto("/projects");
      await expect(page.getByRole("list", { name: "Average workload scale" }).getByRole("listitem")).toHaveText([...SCORED, "No data"]);
      const score = page.getByTitle(/^Average workload: /).first();
      await expect(score).toBeVisible();
      expect(await score.locator("span[aria-hidden]").getAttribute("class")).toMatch(LEVEL_CLASS);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "projects");
    });
  });
}

test.describe("item 16: Utilization and Detailed views", () => {
  test("at 1280 px: people outside 3E say so instead of 0 h / 0 %, the key columns are in view, the legend covers no row", async ({ page }) => {
    await page.setViewportSize(viewports.desktop);
    await login(page, accounts.companyAdmin);
    await page.goto("/overview?view=utilization&offices=all&groups=all&sort=name&order=name&dir=asc");
    const table = page.getByTestId("utilization-table");
    await expect(table).toBeVisible();
    const outside = table.locator("tbody tr").filter({ has: page.getByTestId("not-in-time-keeping") });
    await expect(outside.first()).toBeVisible();
    await expect(outside.first()).toContainText("Not in time keeping");
    await expect(outside.first()).not.toContainText("0.0");
    await expect(outside.first()).not.toContainText("0 %");
    // A timekeeper's row still has figures.
    await expect(
      table
        .locator("tbody tr")
        .filter({ hasNot: page.getByTestId("not-in-time-keeping") })
        .first(),
    ).toContainText("%");
    for (const name of ["Name/Title", "Current status", "Average status", "Utilization"]) {
      const box = await table.getByRole("columnheader", { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width, `${name} ends inside 1280 px`).toBeLessThanOrEqual(1280);
    }
    await shot(page, "utilization");
    // The name column stays put when the weeks scroll sideways.
    const name = table.locator("tbody th").first();
    const before = (await name.boundingBox())!.x;
    await table.locator("xpath=..").evaluate((el) => (el.scrollLeft = 600));
    await expect.poll(async () => (await name.boundingBox())!.x).toBe(before);
    // The legend sits above the rows, not over them.
    const legend = (await page.getByTestId("utilization-legend").boundingBox())!;
    const firstRow = (await table.locator("tbody tr").first().boundingBox())!;
    expect(legend.y + legend.height).toBeLessThanOrEqual(firstRow.y);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/overview?view=detailed&offices=all&groups=all&sort=name&layout=timekeepers&order=name&dir=asc");
    const detailed = page.getByTestId("timekeeper-table");
    await expect(detailed.getByTestId("not-in-time-keeping").first()).toHaveText("Not in time keeping");
    // The whole firm's Detailed table is too long for axe on a busy machine; tests/e2e/time-keeping.spec.ts scans the page.
    await shot(page, "detailed");
  });

  test("at 390 px the Utilization view scrolls inside its card and says who is outside time keeping", async ({ page }) => {
    await page.setViewportSize(viewports.phone);
    await login(page, accounts.companyAdmin);
    await page.goto("/overview?view=utilization&offices=all&groups=all&sort=name&order=name&dir=asc");
    await expect(page.getByTestId("not-in-time-keeping").first()).toBeVisible();
    await expect(page.getByTestId("utilization-legend")).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "utilization");
  });
});

for (const viewport of [viewports.desktop, viewports.phone]) {
  test(`item 25 at ${viewport.width} px: the time-zone list is grouped by region and searched by city`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, accounts.companyAdmin);
    await page.goto(`/offices/${stableId("office:Singapore")}`);
    const open = page.getByRole("button", { name: "Change time zone", exact: true });
    await waitForHydration(open);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Office time zone" });
    const select = dialog.getByLabel("Time zone", { exact: true });
    // Grouped by region, each zone named by its city.
    await expect(select.locator("optgroup[label=Europe]")).toHaveCount(1);
    await expect(select.locator("optgroup[label=America]")).toHaveCount(1);
    await expect(select.locator('optgroup[label=Europe] option[value="Europe/Stockholm"]')).toHaveText("Stockholm");
    const all = await select.locator("option").count();
    expect(all).toBeGreaterThan(300);
    await dialog.getByLabel("Search by city").fill("new york");
    // New York, and the office's current zone, which stays listed.
    await expect(dialog.getByText("2 zones match")).toBeVisible();
    // The company's choice, the office's current zone (kept whatever the search) and New York.
    await expect(select.locator("option")).toHaveText(["The company's (Europe/Stockholm)", "New York", "Singapore"]);
    await select.selectOption("America/New_York");
    await expect(select).toHaveValue("America/New_York");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "time-zone");
    // Leave the office as the seed has it.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
}

test.describe("item 20: signed-in devices in the reader's zone and locale", () => {
  test.use({ locale: "en-US", timezoneId: "America/New_York" });

  test("Nathan in New York reads his devices' times in New York time, written the US way, not UTC", async ({ page }) => {
    await login(page, "newyork@demo.test");
    await page.goto("/settings");
    const devices = page.getByRole("region", { name: "Signed-in devices" });
    const line = devices.getByText(/^Last active /).first();
    await expect(line).toContainText("(New York time)");
    await expect(line).not.toContainText("UTC");
    // en-US, medium date: "Nov 27, 2026, 7:05 AM".
    await expect(line).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, "settings-devices");
  });
});
