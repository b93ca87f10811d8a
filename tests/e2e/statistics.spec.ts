import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

test.describe("statistics", () => {
  test("the admin layout by offices and groups, a doughnut segment filters people, and the user layout", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/home");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Statistics" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistics");
    await expect(page.getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
    const people = page.getByTestId("people").getByRole("listitem");
    await expect(page.getByRole("heading", { name: "Average workload over time" })).toBeVisible();
    const all = await people.count();
    expect(all).toBeGreaterThan(0);
    expect(all).toBeLessThanOrEqual(8);

    // The legend says how many people each segment holds; choosing one lists exactly those.
    const legend = page.getByRole("list", { name: /People by average workload/ });
    const busy = legend.getByRole("button", { name: /^Busy: \d+/ });
    await waitForHydration(busy);
    const count = Number((await busy.innerText()).match(/: (\d+)/)![1]);
    await busy.click();
    await expect(page.getByRole("heading", { name: "People: Busy" })).toBeVisible();
    await expect(people).toHaveCount(count);
    await busy.click();
    await expect(page.getByRole("heading", { name: "People", exact: true })).toBeVisible();

    // Home days against workload as bubbles, one per row of its table, each row's people adding
    // up to no more than the people counted; r above it.
    const bubbles = page.getByRole("region", { name: "Home days and workload" });
    await expect(bubbles).toContainText(/Correlation \(r\): (-?\d\.\d\d|–)/);
    const rows = bubbles.locator("table tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(bubbles.getByTestId("bubble")).toHaveCount(await rows.count());
    const inBubbles = (await rows.locator("td:last-child").allInnerTexts()).reduce((sum, n) => sum + Number(n), 0);
    const peopleFigure = Number(await page.locator("xpath=//dt[normalize-space()='People']/following-sibling::dd[1]").innerText());
    expect(inBubbles).toBeGreaterThan(0);
    expect(inBubbles).toBeLessThanOrEqual(peopleFigure);

    // No office chosen: the server's message replaces the charts.
    await page.goto("/statistics?layout=admin&offices=&groups=");
    await expect(page.getByRole("alert")).toHaveText("Choose at least one office and one group.");
    await expect(page.getByRole("heading", { name: "Average workload over time" })).toHaveCount(0);

    await page.goto("/statistics");
    await page.getByRole("link", { name: "My statistics" }).click();
    await expect(page.getByRole("link", { name: "My statistics" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Teams" })).toHaveCount(0);
  });

  test("download the raw export and read a row back", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/statistics");
    const exportButton = page.getByRole("button", { name: "Export" });
    await waitForHydration(exportButton);
    const downloading = page.waitForEvent("download");
    await exportButton.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("report.xlsx");
    await expect(page.getByRole("status").filter({ hasText: /report\.xlsx saved \(\d+\.\d MB\)/ })).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet("Statistics")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Date", "Name", "Email", "Group", "Office", "Workload", "Workload level", "Location", "Away"]);
    expect(sheet.rowCount).toBeGreaterThan(100);
    const row = sheet.getRow(2).values as (string | number | undefined)[];
    expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row[3]).toMatch(/@demo\.test$/);
    expect(["Available", "Some availability", "Busy", "Seriously busy", "Away", "No data"]).toContain(row[6]);
    expect(["Yes", "No"]).toContain(row[9]);
  });

  for (const viewport of Object.values(viewports)) {
    test(`is axe clean, screenshot at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await login(page, accounts.companyAdmin);
      await page.goto("/statistics");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistics");
      await page.evaluate(() => document.fonts.ready);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/statistics-${viewport.width}.png`, fullPage: true });
    });
  }
});
