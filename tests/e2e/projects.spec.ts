import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";
import { axeViolations } from "./axe";

/**
 * Projects through the real UI (issue 10), as the demo employee: create one with the Add
 * project dialog, add a member with the picker, log hours, add an invoice with a VAT quick
 * button, see a change live in a second browser, archive it, export the workbook and read it.
 * Each test makes its own "E2E ..." project, so other spec files see the seed as it was.
 */

/** Waits for a dialog's opening transition to end, so a screenshot shows it as a person sees it. */
async function settled(dialog: ReturnType<Page["getByRole"]>) {
  // Headless UI marks the panel with data-transition (and data-closed) while it animates.
  await expect.poll(() => dialog.evaluate((node) => node.querySelector("[data-transition], [data-closed]") === null)).toBe(true);
}

// These flows make several round trips each; on a loaded machine the defaults are short.
test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 20_000 };

async function openProjects(page: Page) {
  await page.goto("/projects");
  const add = page.getByRole("button", { name: "Add project" });
  await expect
    .poll(() => add.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), {
      message: "React hydrated the page",
      ...slow,
    })
    .toBe(true);
  return add;
}

/** Creates a project through the dialog (the creator added as member) and lands on its members tab. */
async function createProject(page: Page, name: string) {
  await (await openProjects(page)).click();
  const dialog = page.getByRole("dialog", { name: "Add project" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Start date", { exact: true }).fill("2026-01-05");
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f]{24}\/members$/, slow);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, slow);
  return new URL(page.url()).pathname.replace(/\/members$/, "");
}

test.describe("projects", () => {
  test.use({ viewport: viewports.desktop });

  test("the Add project dialog says what is missing, then creates and opens the project", async ({ page }) => {
    await login(page, accounts.employee);
    await (await openProjects(page)).click();
    const dialog = page.getByRole("dialog", { name: "Add project" });
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(dialog.getByText("Required", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Make sure you entered all required fields")).toBeVisible();
    const name = `E2E Pitch ${Date.now()}`;
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    const posted = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/projects");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9a-f]{24}\/members$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText(`Projects${name}`);
    // The post named its tab, as its realtime event does, so this tab skips its own echo (decision 0320).
    expect(await (await posted).headerValue("Availability-Tab")).toMatch(/^[0-9a-f]{32}$/);
    // The creator was added ('Add me as a member' is on by default).
    await expect(page.getByRole("region", { name: /Members/ }).getByText("Emil Employee", { exact: true })).toBeVisible();
  });

  test("a tab opened from another hears that tab's new project live: each page load names itself (decision 0320)", async ({ page }) => {
    await login(page, accounts.employee);
    await openProjects(page);
    // window.open copies the opener's sessionStorage, as Duplicate tab does: a tab id kept
    // there was the same in both, and each ignored the other's changes as its own echo.
    const [second] = await Promise.all([page.waitForEvent("popup"), page.evaluate(() => void window.open("/projects"))]);
    await waitForHydration(second.getByRole("button", { name: "Add project" }));
    const name = `E2E Second Tab ${Date.now()}`;
    await createProject(page, name);
    await expect(second.getByRole("link", { name })).toBeVisible(slow);
  });

  test("a project's page loads its scripts without a redirect, each marked to be kept for good", async ({ page }) => {
    await login(page, accounts.employee);
    await page.goto("/projects");
    const href = await page.locator("a[href^='/projects/']").first().getAttribute("href");
    const scripts: { url: string; status: number; cacheControl: string | undefined }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/build/"))
        scripts.push({ url: response.url(), status: response.status(), cacheControl: response.headers()["cache-control"] });
    });
    await page.goto(href!);
    await waitForHydration(page.locator("#main"));
    // The route's own chunk is named after its file, `$id.($view)`: asked for as written, the
    // assets server answered 307 to `%24id.(%24view)`, a round trip before the page could hydrate.
    expect(scripts.some(({ url }) => url.includes("_app.projects.%24id"))).toBe(true);
    expect(scripts.filter(({ status }) => status !== 200)).toEqual([]);
    expect(scripts.filter(({ cacheControl }) => !cacheControl?.includes("immutable"))).toEqual([]);
    // The settings tab's code (and conform with its form) comes only with the tab.
    expect(scripts.filter(({ url }) => url.includes("project-settings"))).toEqual([]);

    // Opened directly, the tab is the server's markup at once and is hydrated when its code has come.
    scripts.length = 0;
    await page.goto(`${href}/settings`);
    const settings = page.getByRole("region", { name: "Settings" });
    await expect(settings.getByLabel("Name", { exact: true })).toHaveAttribute("maxlength", /\d+/);
    await waitForHydration(settings.getByRole("button", { name: "Save" }));
    expect(scripts.some(({ url }) => url.includes("project-settings"))).toBe(true);
  });

  test("the list's search box filters once typing pauses, and the address keeps the search", async ({ page }) => {
    await login(page, accounts.employee);
    await openProjects(page);
    const search = page.getByRole("searchbox", { name: "Search projects" });
    await search.fill("Nordlys");
    await expect(page).toHaveURL(/[?&]q=Nordlys/, slow);
    await expect(page.getByText("Project Nordlys (acquisition)")).toBeVisible();
    await expect(page.getByText("Baltic Shipping arbitration")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search projects" })).toHaveValue("Nordlys");
    await expect(page.getByText("Baltic Shipping arbitration")).toHaveCount(0);
  });

  test("members through the picker, hours per member, an invoice with a VAT quick button", async ({ page }) => {
    await login(page, accounts.employee);
    const path = await createProject(page, `E2E Deal ${Date.now()}`);

    await page.getByRole("button", { name: "Add members" }).click();
    const picker = page.getByRole("dialog", { name: "Add members" });
    await picker.getByPlaceholder("Search users").fill("Adam");
    const adam = picker.getByRole("checkbox").first();
    await expect(picker.getByText("Adam Administrator")).toBeVisible();
    expect(await picker.getByRole("list", { name: "People" }).evaluate((el) => getComputedStyle(el).maxHeight)).toBe("400px");
    await adam.check();
    await picker.getByRole("button", { name: "Add 1" }).click();
    await expect(picker).toBeHidden();
    const members = page.getByRole("region", { name: /Members/ });
    await expect(members.getByText("Adam Administrator", { exact: true })).toBeVisible();

    await members.getByRole("button", { name: "Log hours for Emil Employee" }).click();
    const hours = page.getByRole("dialog", { name: "Hours for Emil Employee" });
    await hours.getByLabel("Hours").fill("");
    await hours.getByRole("button", { name: "Save hours" }).click();
    await expect(hours.getByText("Required")).toBeVisible();
    await hours.getByLabel("Hours").fill("2.5");
    await hours.getByRole("button", { name: "Save hours" }).click();
    await expect(hours).toBeHidden();
    await expect(members.getByRole("listitem").filter({ hasText: "Emil Employee" })).toContainText("2.5 h");

    await page.getByRole("link", { name: "Invoices" }).click();
    await expect(page).toHaveURL(`${path}/invoices`);
    await page.getByRole("button", { name: "Add invoice" }).click();
    const invoice = page.getByRole("dialog", { name: "Add invoice" });
    await expect(invoice.getByLabel("Currency")).toHaveValue("USD");
    await invoice.getByLabel("Amount").fill("12500");
    await invoice.getByLabel("Identification").fill("INV-E2E-1");
    await invoice.getByRole("button", { name: "16 %" }).click();
    await expect(invoice.getByLabel("VAT (%)")).toHaveValue("16");
    await invoice.getByRole("button", { name: "Save invoice" }).click();
    await expect(invoice).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "INV-E2E-1" });
    await expect(row).toContainText("12,500.00 USD");
    await expect(row).toContainText("16 %");
  });

  test("hour entries are listed, changed and deleted; an invoice is edited with the editor's rules", async ({ page }) => {
    await login(page, accounts.employee);
    const path = await createProject(page, `E2E Hours ${Date.now()}`);
    const members = page.getByRole("region", { name: /Members/ });
    await members.getByRole("button", { name: "Log hours for Emil Employee" }).click();
    const log = page.getByRole("dialog", { name: "Hours for Emil Employee" });
    await log.getByLabel("Hours").fill("2.5");
    await log.getByLabel("Date", { exact: true }).fill("2026-01-05");
    await log.getByRole("button", { name: "Save hours" }).click();
    await expect(log).toBeHidden();

    const hours = page.getByRole("region", { name: /Hours/ });
    await expect(hours.getByRole("heading")).toHaveText("Hours (1)");
    const entry = hours.getByRole("row").filter({ hasText: "Emil Employee" });
    await expect(entry).toContainText("5 Jan 2026");
    await expect(entry).toContainText("2.5 h");
    await hours.getByRole("button", { name: "Edit 2.5 h of Emil Employee on 5 Jan 2026" }).click();
    const edit = page.getByRole("dialog", { name: "Edit hours of Emil Employee" });
    await expect(edit.getByLabel("Hours")).toHaveValue("2.5");
    await edit.getByLabel("Hours").fill("");
    await edit.getByRole("button", { name: "Save hours" }).click();
    await expect(edit.getByText("Required")).toBeVisible();
    await edit.getByLabel("Hours").fill("3.5");
    await edit.getByLabel("Date", { exact: true }).fill("2026-01-06");
    await settled(edit);
    await page.screenshot({ path: "test-results/screenshots/project-hours-edit-1280.png" });
    await edit.getByRole("button", { name: "Save hours" }).click();
    await expect(edit).toBeHidden();
    await expect(entry).toContainText("6 Jan 2026");
    await expect(entry).toContainText("3.5 h");
    await expect(members.getByRole("listitem").filter({ hasText: "Emil Employee" })).toContainText("3.5 h");
    await page.screenshot({ path: "test-results/screenshots/project-hours-1280.png", fullPage: true });
    await hours.getByRole("button", { name: "Delete 3.5 h of Emil Employee on 6 Jan 2026" }).click();
    await page.getByRole("dialog", { name: "Delete hours" }).getByRole("button", { name: "Delete" }).click();
    await expect(hours.getByRole("heading")).toHaveText("Hours (0)", slow);
    await expect(hours).toContainText("No hours reported yet.");

    await page.goto(`${path}/invoices`);
    await page.getByRole("button", { name: "Add invoice" }).click();
    const add = page.getByRole("dialog", { name: "Add invoice" });
    await add.getByLabel("Amount").fill("900");
    await add.getByLabel("Identification").fill("INV-E2E-EDIT");
    await add.getByRole("button", { name: "8 %" }).click();
    await add.getByRole("button", { name: "Save invoice" }).click();
    await expect(add).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: "INV-E2E-EDIT" });
    await expect(row).toContainText("900.00 USD");

    await row.getByRole("button", { name: "Edit invoice INV-E2E-EDIT" }).click();
    const editor = page.getByRole("dialog", { name: "Edit invoice" });
    await expect(editor.getByLabel("Amount")).toHaveValue("900");
    await expect(editor.getByLabel("VAT (%)")).toHaveValue("8");
    await expect(editor.getByLabel("Currency")).toHaveValue("USD");
    await editor.getByLabel("Amount").fill("");
    await editor.getByLabel("Currency").fill("US");
    await editor.getByRole("button", { name: "Save invoice" }).click();
    await expect(editor.getByText("Required")).toBeVisible();
    await expect(editor.getByText("Use a three-letter currency code such as USD.")).toBeVisible();
    await editor.getByLabel("Amount").fill("1250.5");
    await editor.getByLabel("Currency").fill("EUR");
    await editor.getByRole("button", { name: "0 %" }).click();
    await expect(editor.getByLabel("VAT (%)")).toHaveValue("0");
    expect(await axeViolations(page)).toEqual([]);
    await settled(editor);
    await page.screenshot({ path: "test-results/screenshots/project-invoice-edit-1280.png" });
    await editor.getByRole("button", { name: "Save invoice" }).click();
    await expect(editor).toBeHidden();
    await expect(row).toContainText("1,250.50 EUR");
    await expect(row).toContainText("0 %");

    await page.setViewportSize(viewports.phone);
    await row.getByRole("button", { name: "Edit invoice INV-E2E-EDIT" }).click();
    await expect(page.getByRole("dialog", { name: "Edit invoice" })).toBeVisible();
    await settled(page.getByRole("dialog", { name: "Edit invoice" }));
    await page.screenshot({ path: "test-results/screenshots/project-invoice-edit-390.png" });
    await page.keyboard.press("Escape");
    await page.goto(`${path}/members`);
    await members.getByRole("button", { name: "Log hours for Emil Employee" }).click();
    await log.getByLabel("Hours").fill("1");
    await log.getByRole("button", { name: "Save hours" }).click();
    await expect(log).toBeHidden();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/screenshots/project-hours-390.png", fullPage: true });
  });

  test("a change reaches a second browser live; archiving moves the project under Archived", async ({ page, browser }) => {
    await login(page, accounts.employee);
    const name = `E2E Live ${Date.now()}`;
    const path = await createProject(page, name);

    const other = await browser.newContext({ viewport: viewports.desktop });
    const second = await other.newPage();
    await login(second, accounts.companyAdmin);
    await second.goto(`${path}/members`);
    await expect(second.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(second.locator("html[data-realtime=connected]")).toHaveCount(1);

    await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("region", { name: "Settings" });
    await waitForHydration(settings.getByRole("button", { name: "Save" }));
    await settings.getByLabel("Name", { exact: true }).fill(`${name} renamed`);
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} renamed`);
    await expect(second.getByRole("heading", { level: 1 })).toHaveText(`${name} renamed`);
    await other.close();

    await page.getByRole("button", { name: "Archive" }).click();
    await expect(page.getByRole("button", { name: "Unarchive" })).toBeVisible();
    await page.goto("/projects");
    await expect(page.getByRole("region", { name: /^Archived/ }).getByRole("link", { name: new RegExp(`${name} renamed`) })).toBeVisible();
    await expect(page.getByRole("region", { name: /^My projects/ }).getByRole("link", { name: new RegExp(`${name} renamed`) })).toHaveCount(0);
  });

  test("the export downloads a workbook with the project's row", async ({ page }) => {
    await login(page, accounts.employee);
    const name = `E2E Export ${Date.now()}`;
    await createProject(page, name);
    await openProjects(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export" }).click();
    const file = await (await download).path();
    await expect(page.getByRole("status").filter({ hasText: "Downloaded" })).toBeVisible();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await readFile(file)).buffer);
    const sheet = workbook.getWorksheet("Projects")!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0].slice(1, 4)).toEqual(["Name", "Stage", "Categories"]);
    const row = rows.find((r) => r[1] === name)!;
    expect(row, "the new project's row").toBeTruthy();
    expect(row[4]).toEqual(new Date("2026-01-05T00:00:00.000Z"));
    expect(row[7]).toBe(1);
    expect(
      workbook
        .getWorksheet("Members")!
        .getSheetValues()
        .some((r) => Array.isArray(r) && r[1] === name && r[2] === "Emil Employee"),
    ).toBe(true);
  });
});

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`projects screens at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`the list and every tab are axe clean, with screenshots (${size})`, async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await openProjects(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Projects");
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/projects-${viewport.width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Add project" }).click();
      await expect(page.getByRole("dialog", { name: "Add project" })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/projects-add-${viewport.width}.png` });
      await page.keyboard.press("Escape");

      await page.getByRole("link", { name: /Project Nordlys/ }).click();
      for (const tab of ["members", "invoices", "settings"]) {
        await page
          .getByRole("main")
          .getByRole("link", { name: tab[0].toUpperCase() + tab.slice(1), exact: true })
          .click();
        await expect(page).toHaveURL(new RegExp(`/${tab}$`));
        expect(await axeViolations(page), tab).toEqual([]);
        await page.screenshot({ path: `test-results/screenshots/project-${tab}-${viewport.width}.png`, fullPage: true });
      }
    });
  });
}
