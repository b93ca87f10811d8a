import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";
import { axeViolations } from "./axe";

/**
 * Issue 27, items 20 and 21, in the browser. Each test saves a screenshot of the screen it
 * changed: test-results/screenshots/issue27c-{what}-{width}.png.
 */

test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screenshots/issue27c-${name}-${page.viewportSize()!.width}.png`, fullPage: true });

/** en-US medium date: "Nov 27, 2026". */
const US_DAY = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

for (const viewport of [viewports.desktop, viewports.phone]) {
  test.describe(`item 20 at ${viewport.width} px: an American reader`, () => {
    test.use({ viewport, locale: "en-US", timezoneId: "America/New_York" });

    test("statistics: the date fields and the chart's days are written the US way, not mm/dd/yyyy from the browser and ISO from the chart", async ({
      page,
    }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/statistics");
      const start = page.getByLabel("Start date", { exact: true });
      await waitForHydration(start);
      // The field is the app's own text field (the browser's date input ignores the page's language).
      await expect(start).toHaveAttribute("type", "text");
      await expect(start).toHaveAttribute("placeholder", "mm/dd/yyyy");
      const key = await page.locator('input[name="startDate"]').inputValue();
      const [y, m, d] = key.split("-");
      await expect(start).toHaveValue(`${m}/${d}/${y}`);
      // The chart's range above it, and its hover read-out, in the reader's words.
      const line = page.getByRole("region", { name: "Workload and working from home over time" });
      const readout = line.getByTestId("chart-readout");
      const [first, last] = (await readout.innerText()).split(" · ")[0].split(" – ");
      expect(first).toMatch(US_DAY);
      expect(last).toMatch(US_DAY);
      await expect(line.getByTestId("chart-canvas").locator("canvas")).toBeVisible();
      const over = line.locator(".u-over");
      await over.scrollIntoViewIfNeeded();
      const box = (await over.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await expect(readout).toHaveText(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await page.mouse.move(0, 0);

      // A day typed in the reader's order is sent as the day key.
      await start.fill(`${m}/01/${y}`);
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`startDate=${y}-${m}-01`));
      await expect(page.getByLabel("Start date", { exact: true })).toHaveValue(`${m}/01/${y}`);

      // The calendar beside it picks a day too.
      await page.getByRole("button", { name: "Calendar for end date" }).click();
      const calendar = page.locator(".rdp-root");
      await expect(calendar).toBeVisible();
      await expect(calendar.getByRole("grid")).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "statistics-calendar");
      await calendar.locator("button.rdp-day_button", { hasText: /^2$/ }).first().click();
      await expect(calendar).toBeHidden();
      await expect(page.getByLabel("End date", { exact: true })).toHaveValue(new RegExp(`^\\d\\d/02/\\d{4}$`));
      await expect(page.getByRole("button", { name: "Calendar for end date" })).toBeFocused();
      await shot(page, "statistics");
    });

    test("a project's dates, typed the US way in 'Add project', read the US way on its page", async ({ page }) => {
      await login(page, accounts.employee);
      await page.goto("/projects");
      const add = page.getByRole("button", { name: "Add project" });
      await waitForHydration(add);
      await add.click();
      const dialog = page.getByRole("dialog", { name: "Add project" });
      await dialog.getByLabel("Name", { exact: true }).fill(`Dates ${viewport.width} ${Date.now()}`);
      await dialog.getByLabel("Start date", { exact: true }).fill("01/05/2026");
      // Something that is no day says how to write one.
      const end = dialog.getByLabel("End date", { exact: true });
      await end.fill("31/03/2026");
      await end.blur();
      await expect(dialog.getByText("Write the date as mm/dd/yyyy.")).toBeVisible();
      await expect(end).toHaveAttribute("aria-invalid", "true");
      await end.fill("3/31/2026");
      await end.blur();
      await expect(end).toHaveValue("03/31/2026");
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "add-project");
      await dialog.getByRole("button", { name: "Create project" }).click();
      await expect(page).toHaveURL(/\/projects\/[0-9a-f]{24}\/members$/, { timeout: 15_000 });
      await expect(page.getByText("Jan 5, 2026 – Mar 31, 2026")).toBeVisible();
      await expect(page.getByText(/5 Jan 2026/)).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "project");
    });

    test("the time keeping connection tells its last import in the reader's locale", async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/groups");
      const open = page.getByRole("button", { name: "Time keeping (3E)" });
      await waitForHydration(open);
      await open.click();
      const status = page.getByRole("dialog", { name: "Time keeping (Elite 3E)" }).getByTestId("elite3e-status");
      const last = status.locator("dt", { hasText: "Last successful import" }).locator("xpath=following-sibling::dd[1]");
      // "Nov 27, 2026, 9:05 AM" (en-US), not en-GB's "27 Nov 2026, 09:05".
      await expect(last).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s[AP]M$/);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "time-keeping-dialog");
    });
  });

  test.describe(`item 20 at ${viewport.width} px: a British reader`, () => {
    test.use({ viewport, locale: "en-GB" });

    test("Find people takes days typed or picked in dd/mm/yyyy and searches them", async ({ page }) => {
      await login(page, accounts.employee);
      await page.goto("/find-people");
      const from = page.getByLabel("From", { exact: true });
      await waitForHydration(from);
      await expect(from).toHaveAttribute("placeholder", "dd/mm/yyyy");
      await from.fill("07/12/2026");
      await page.getByLabel("To", { exact: true }).fill("18/12/2026");
      await page.getByRole("button", { name: "Find people" }).click();
      await expect(page).toHaveURL(/startDate=2026-12-07&endDate=2026-12-18/);
      await expect(page.getByRole("heading", { name: /match/ })).toBeVisible();
      await expect(page.getByLabel("From", { exact: true })).toHaveValue("07/12/2026");
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "find-people");
    });
  });

  test.describe(`item 21 at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("an administrator's home has no disabled 'No data' widgets, one note, and three team buttons told apart", async ({ page }) => {
      await login(page, "admin@demo.test");
      await page.goto("/home");
      await expect(page.getByRole("heading", { name: "Adam Administrator" })).toBeVisible();
      await expect(page.getByText("No data")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Current workload" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "Future workload" })).toHaveCount(0);
      await expect(page.getByText("Administrators do not plan a work week.")).toHaveCount(0);
      const note = page.getByRole("region", { name: "Your team at a glance" });
      await expect(note).toBeVisible();
      await expect(note.getByRole("link")).toHaveText([/^Overview/, /^Find people/, /^Statistics/]);

      const forecasts = page.getByRole("button", { name: "Forecasts", exact: true });
      const absence = page.getByRole("button", { name: "Absence planning", exact: true });
      await expect(forecasts).toHaveAccessibleDescription("Everyone's workload forecasts, week by week");
      await expect(absence).toHaveAccessibleDescription("Who is away when: leave, trips and time off");
      await expect(page.getByRole("button", { name: "WFH Overview", exact: true })).toHaveAccessibleDescription("Where everyone works this week");
      // Each has its own icon.
      const icon = (button: typeof forecasts) => button.locator("svg path").getAttribute("d");
      expect(await icon(forecasts)).not.toBe(await icon(absence));
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "home-admin");

      // The planner still opens from either, under its own title.
      await waitForHydration(absence);
      await absence.click();
      await expect(page.getByRole("dialog", { name: "Absence planning" })).toBeVisible();
    });

    test("an employee's home keeps their workload cards and week", async ({ page }) => {
      await login(page, accounts.employee);
      await page.goto("/home");
      await expect(page.getByRole("heading", { name: "Current workload" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Future workload" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Your team at a glance" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Absence planning", exact: true })).toHaveAccessibleDescription(
        "Who is away when: leave, trips and time off",
      );
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, "home-employee");
    });
  });
}
