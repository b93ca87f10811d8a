import AxeBuilder from "@axe-core/playwright";
import ExcelJS from "exceljs";
import type { Locator } from "@playwright/test";
import { accounts, allowConsoleErrors, expect, login, test, viewports, waitForHydration } from "./fixtures";

/** How many of the plot area's pixels are drawn in a theme colour (a line's ink), give or take antialiasing. */
function inkOf(canvas: Locator, token: string) {
  return canvas.evaluate((element: HTMLCanvasElement, name) => {
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    probe.fillStyle = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    probe.fillRect(0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    // The plot area only (uPlot's over layer covers it), not the axis labels in the same colour.
    const outer = element.getBoundingClientRect();
    const area = element.closest(".uplot")!.querySelector(".u-over")!.getBoundingClientRect();
    const scale = element.width / outer.width;
    const { data } = element
      .getContext("2d")!
      .getImageData((area.left - outer.left) * scale, (area.top - outer.top) * scale, area.width * scale, area.height * scale);
    let count = 0;
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 3] > 200 && Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 60) count++;
    return count;
  }, token);
}

test.describe("statistics", () => {
  test("the admin layout by offices and groups, a doughnut segment filters people, and the user layout", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/home");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Statistics" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistics");
    await expect(page.getByRole("link", { name: "Teams" })).toHaveAttribute("aria-current", "page");
    const people = page.getByTestId("people").getByRole("listitem");
    await expect(page.getByRole("heading", { name: "Workload and working from home over time" })).toBeVisible();
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
    await expect(page.getByRole("heading", { name: "Workload and working from home over time" })).toHaveCount(0);

    await page.goto("/statistics");
    await page.getByRole("link", { name: "My statistics" }).click();
    await expect(page.getByRole("link", { name: "My statistics" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { name: "Teams" })).toHaveCount(0);
  });

  test("the time series: a hover read-out in the legend, drag to zoom and Reset zoom, a series hidden from the legend, the numbers in the tables", async ({
    page,
  }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/statistics");
    const chart = page.getByRole("region", { name: "Workload and working from home over time" });
    const canvas = chart.getByTestId("chart-canvas").locator("canvas");
    await expect(canvas).toBeVisible();
    // The SVG drawn by the server has made way for the canvas, in the same box.
    await expect(chart.getByTestId("chart-svg")).toHaveCount(0);
    const readout = chart.getByTestId("chart-readout");
    const workloadTable = chart.getByRole("table", { name: /^Average workload per day/ });
    const homeTable = chart.getByRole("table", { name: "Share of people at home per day" });
    const days = await workloadTable.locator("tbody th").allInnerTexts();
    expect(days.length).toBeGreaterThan(20);
    await expect(homeTable.locator("tbody tr")).toHaveCount(days.length);
    const fullRange = `${days[0]} – ${days.at(-1)}`;
    await expect(readout).toContainText(fullRange);

    // Hovering a day reads it out: the day above the chart, each series' value in its legend
    // button, the same figures the tables hold for that day.
    const over = chart.locator(".u-over");
    // Where a fraction of the plot's width is now (a click scrolls the page).
    const at = async (fraction: number) => {
      await over.scrollIntoViewIfNeeded();
      const box = (await over.boundingBox())!;
      return [box.x + box.width * fraction, box.y + box.height / 2] as const;
    };
    const workload = chart.getByRole("button", { name: /^Average workload/ });
    const atHome = chart.getByRole("button", { name: /^At home/ });
    await page.mouse.move(...(await at(0.7)));
    await expect(readout).toHaveText(/^(Mon|Tue|Wed|Thu|Fri) \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const day = (await readout.innerText()).replace(/^\w{3} /, "");
    const row = (table: typeof workloadTable) => table.locator("tbody tr").filter({ has: page.locator("th", { hasText: new RegExp(`^${day}$`) }) });
    await expect(row(workloadTable)).toHaveCount(1);
    await expect(workload.getByTestId("series-value")).toHaveText(await row(workloadTable).locator("td").innerText());
    await expect(atHome.getByTestId("series-value")).toHaveText(await row(homeTable).locator("td").innerText());
    await page.mouse.move(0, 0);
    await expect(readout).toContainText(fullRange);
    await expect(workload.getByTestId("series-value")).toHaveCount(0);

    // Dragging across the chart zooms into those days; Reset zoom shows the whole range again.
    await expect(chart.getByRole("button", { name: "Reset zoom" })).toHaveCount(0);
    await page.mouse.move(...(await at(0.3)));
    await page.mouse.down();
    await page.mouse.move(...(await at(0.5)), { steps: 5 });
    await page.mouse.move(...(await at(0.6)), { steps: 5 });
    await page.mouse.up();
    await page.mouse.move(0, 0);
    const reset = chart.getByRole("button", { name: "Reset zoom" });
    await expect(reset).toBeVisible();
    const zoomed = (await readout.innerText()).split(" – ");
    expect(days.indexOf(zoomed[0])).toBeGreaterThan(0);
    expect(days.indexOf(zoomed[1].split(" · ")[0])).toBeLessThan(days.length - 1);
    expect(days.indexOf(zoomed[1].split(" · ")[0])).toBeGreaterThan(days.indexOf(zoomed[0]));
    await chart.screenshot({ path: "test-results/screenshots/statistics/zoomed-1280.png" });
    await reset.click();
    await expect(reset).toHaveCount(0);
    await expect(readout).toContainText(fullRange);

    // A legend button hides its series: its line leaves the canvas and its read-out goes; again brings it back.
    const violet = () => inkOf(canvas, "--color-violet-600");
    const before = await violet();
    expect(before, "pixels of the 'At home' line").toBeGreaterThan(50);
    await expect(atHome).toHaveAttribute("aria-pressed", "true");
    await atHome.click();
    await expect(atHome).toHaveAttribute("aria-pressed", "false");
    await expect.poll(violet).toBeLessThan(before / 20);
    await page.mouse.move(...(await at(0.7)));
    await expect(workload.getByTestId("series-value")).toHaveCount(1);
    await expect(atHome.getByTestId("series-value")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await atHome.click();
    await expect(atHome).toHaveAttribute("aria-pressed", "true");
    await expect.poll(violet).toBeGreaterThan(before / 2);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server's SVG draws both series in the box the canvas takes, and the tables hold the numbers", async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/statistics");
      const chart = page.getByRole("region", { name: "Workload and working from home over time" });
      const svg = chart.getByTestId("chart-svg");
      await expect(svg.locator('[data-series="Average workload"] path')).not.toHaveCount(0);
      await expect(svg.locator('[data-series="At home"] path')).not.toHaveCount(0);
      await expect(chart.getByRole("table", { name: /^Average workload per day/ }).locator("tbody tr")).not.toHaveCount(0);
      await expect(chart.getByRole("table", { name: "Share of people at home per day" }).locator("tbody tr")).not.toHaveCount(0);
      expect((await svg.boundingBox())!.height).toBe(240);
      await chart.screenshot({ path: "test-results/screenshots/statistics/no-js-1280.png" });
    });
  });

  test("the canvas takes the SVG's place without moving the page", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    allowConsoleErrors(page, /net::ERR_FAILED/);
    // The first paint, as the server sent it: the heights before any script ran.
    await page.route(/\/build\/.*\.js$/, (route) => route.abort());
    await page.goto("/statistics");
    const chart = page.getByRole("region", { name: "Workload and working from home over time" });
    const before = (await chart.boundingBox())!;
    const next = (await page.getByRole("region", { name: "Workload distribution" }).boundingBox())!;
    await page.unroute(/\/build\/.*\.js$/);
    await page.reload();
    await expect(chart.getByTestId("chart-canvas").locator("canvas")).toBeVisible();
    await expect(chart.getByTestId("chart-svg")).toHaveCount(0);
    expect((await chart.boundingBox())!.height).toBe(before.height);
    expect((await page.getByRole("region", { name: "Workload distribution" }).boundingBox())!.y).toBe(next.y);
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
    const saved = page.getByRole("status").filter({ hasText: /report\.xlsx saved \(\d+\.\d MB\)/ });
    await expect(saved).toBeVisible();
    // The saved line stays (it vanished after 2 s before), at either width.
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await saved.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/statistics/export-saved-${viewport.width}.png` });
    }
    await expect(saved).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet("Statistics")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Date", "Name", "Email", "Group", "Office", "Workload", "Workload level", "Location", "Away"]);
    expect(sheet.rowCount).toBeGreaterThan(100);
    const rows = sheet.getRows(2, sheet.rowCount - 1)!.map((r) => r.values as (string | number | undefined)[]);
    // Demo Law's people only, never Other Firm's. (Rows are in day and id order, and the suite
    // adds people to Demo Law under other domains: the first row is anyone's.)
    expect(rows.filter((r) => String(r[3]).endsWith("@other.test"))).toEqual([]);
    // Emil's row reads back whole.
    const row = rows.find((r) => r[3] === accounts.employee)!;
    expect(row).toBeDefined();
    expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
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
      const chart = page.getByRole("region", { name: "Workload and working from home over time" });
      await expect(chart.getByTestId("chart-canvas").locator("canvas")).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/statistics-${viewport.width}.png`, fullPage: true });
      // The chart with a day read out, as a mouse leaves it.
      await chart.scrollIntoViewIfNeeded();
      const over = (await chart.locator(".u-over").boundingBox())!;
      await page.mouse.move(over.x + over.width * 0.66, over.y + over.height / 2);
      await expect(chart.getByTestId("series-value")).toHaveCount(2);
      await chart.screenshot({ path: `test-results/screenshots/statistics/chart-${viewport.width}.png` });
    });
  }
});
