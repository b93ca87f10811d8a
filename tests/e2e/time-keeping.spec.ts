import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * Issue 13 through the browser: the Detailed (Timekeepers | Matters) and Utilization tabs of
 * /overview on the seeded demo 3E data (scripts/seed-time-keeping.ts), their sorts remembered
 * after a reload, one's own matter comment and the PM toggle, and the confidential matter
 * seen from both sides.
 */
const ANNA = "anna.lindqvist.0@demo.test";

async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function openTab(page: Page, view: "detailed" | "utilization") {
  await page.goto(`/overview?view=${view}`);
  const table = page.getByTestId(view === "detailed" ? "timekeeper-table" : "utilization-table").or(page.getByTestId("matter-table"));
  await expect(table).toBeVisible();
  await waitForHydration(page.getByRole("tab", { name: "Overview" }));
}

test("the Detailed view: Timekeepers by NAME, Matters by HOURS by default; the layout and the sorts are remembered after a reload", async ({
  page,
}) => {
  await login(page, accounts.employee);
  await openTab(page, "detailed");
  await expect(page.getByRole("tab", { name: "Detailed" })).toHaveAttribute("aria-selected", "true");
  const timekeepers = page.getByTestId("timekeeper-table");
  await expect(timekeepers.getByRole("columnheader", { name: "Name/Title" })).toHaveAttribute("aria-sort", "ascending");
  await expect(timekeepers.getByRole("columnheader", { name: "Hours" })).toBeVisible();
  await expect(timekeepers.getByRole("columnheader", { name: "Comment" })).toBeVisible();
  await expect(timekeepers).toContainText("Emil Employee");
  await expect(timekeepers).toContainText("General comment");
  await axeClean(page);

  await timekeepers.getByRole("button", { name: "Hours" }).click();
  await expect(timekeepers.getByRole("columnheader", { name: "Hours" })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("button", { name: "Matters", exact: true }).click();
  const matters = page.getByTestId("matter-table");
  await expect(matters.getByRole("columnheader", { name: "Hours" }).first()).toHaveAttribute("aria-sort", "descending");
  await matters.getByRole("button", { name: "Matter/Client" }).click();
  await expect(matters.getByRole("columnheader", { name: "Matter/Client" })).toHaveAttribute("aria-sort", "ascending");
  await axeClean(page);

  await page.reload();
  await expect(page.getByTestId("matter-table").getByRole("columnheader", { name: "Matter/Client" })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByRole("button", { name: "Matters", exact: true })).toHaveAttribute("aria-pressed", "true");
  await waitForHydration(page.getByRole("tab", { name: "Overview" }));
  await page.getByRole("button", { name: "Timekeepers" }).click();
  await expect(page.getByTestId("timekeeper-table").getByRole("columnheader", { name: "Hours" })).toHaveAttribute("aria-sort", "descending");

  // Arriving without a choice in the address: the one kept in this browser is applied (the
  // server sorts and pages, decision 0205).
  await page.goto("/overview?view=detailed");
  await expect(page).toHaveURL(/layout=timekeepers&order=hours&dir=desc/);
  await expect(page.getByTestId("timekeeper-table").getByRole("columnheader", { name: "Hours" })).toHaveAttribute("aria-sort", "descending");
});

test("the Detailed view pages its rows: 50 timekeepers a page, Next and Previous", async ({ page }) => {
  // The company admin (admins hold the report privileges in Demo Law) with the whole firm, every
  // office and group: more than one page of timekeepers.
  await login(page, accounts.companyAdmin);
  await page.goto("/overview?view=detailed&offices=all&groups=all&sort=name&layout=timekeepers");
  await waitForHydration(page.getByRole("tab", { name: "Overview" }));
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText(/^1–50 of \d+ timekeepers/);
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText(/^51–\d+ of \d+ timekeepers/);
  await axeClean(page);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages).toContainText(/^1–50 of/);
});

test("the Utilization view: NAME by default, a week's NB sort remembered after a reload; the legend floats from 768 px", async ({ page }) => {
  await login(page, accounts.employee);
  await openTab(page, "utilization");
  await expect(page.getByRole("tab", { name: "Utilization" })).toHaveAttribute("aria-selected", "true");
  const table = page.getByTestId("utilization-table");
  await expect(table.getByRole("columnheader", { name: "Name/Title" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("button", { name: /^Sort by non-billable hours in week \d+$/ })).toHaveCount(12);
  await expect(table.getByRole("columnheader", { name: "Utilization" })).toBeVisible();
  await expect(page.getByTestId("utilization-legend")).toBeVisible();
  await axeClean(page);

  const nb = table.getByRole("button", { name: /^Sort by non-billable hours in week/ }).last();
  await nb.click();
  const lastWeek = (p: Page) =>
    p
      .getByTestId("utilization-table")
      .getByRole("columnheader")
      .filter({ has: p.getByRole("button", { name: /^Sort by non-billable/ }) })
      .last();
  await expect(lastWeek(page)).toHaveAttribute("aria-sort", "descending");
  await expect(nb).toHaveClass(/text-brand-700/);
  await page.reload();
  await expect(lastWeek(page)).toHaveAttribute("aria-sort", "descending");
  await expect(
    page
      .getByTestId("utilization-table")
      .getByRole("button", { name: /^Sort by non-billable hours in week/ })
      .last(),
  ).toHaveClass(/text-brand-700/);
  // The server sorts and pages (decision 0226): arriving without an order in the address, the
  // one kept in this browser is put there.
  await page.goto("/overview?view=utilization");
  await expect(page).toHaveURL(/order=nb11&dir=desc/);
  await expect(lastWeek(page)).toHaveAttribute("aria-sort", "descending");

  await page.setViewportSize(viewports.phone);
  await expect(page.getByTestId("utilization-legend")).toBeHidden();
});

test("the Utilization view pages its rows: 50 people a page, Next and Previous, in the server's order", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  await page.goto("/overview?view=utilization&offices=all&groups=all&sort=name&order=name&dir=desc");
  await waitForHydration(page.getByRole("tab", { name: "Overview" }));
  const table = page.getByTestId("utilization-table");
  await expect(table.getByRole("columnheader", { name: "Name/Title" })).toHaveAttribute("aria-sort", "descending");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText(/^1–50 of \d+ people/);
  await expect(table.locator("tbody tr")).toHaveCount(50);
  const firstOfPage1 = (await table.locator("tbody tr").first().textContent()) ?? "";
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pages).toContainText(/^51–\d+ of \d+ people/);
  await expect(table.locator("tbody tr").first()).not.toHaveText(firstOfPage1);
  await axeClean(page);
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(pages).toContainText(/^1–50 of/);
  await expect(table.locator("tbody tr").first()).toHaveText(firstOfPage1);
});

test("a comment on one's own matter and the PM toggle are saved and kept", async ({ page }) => {
  await login(page, accounts.employee);
  await openTab(page, "detailed");
  const timekeepers = page.getByTestId("timekeeper-table");
  const comment = timekeepers.getByRole("textbox", { name: "Your comment on 2026-0101" });
  // A new text each attempt: the same text again is no change, and nothing is saved.
  const text = `Signing moved to Thursday (${Date.now().toString(36)})`;
  await comment.fill(text);
  await comment.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Comment saved" })).toHaveCount(1);

  const toggle = timekeepers.getByRole("switch", { name: "Emil Employee manages Acquisition of Nordic Freight" });
  const before = await toggle.getAttribute("aria-checked");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", before === "true" ? "false" : "true");
  // The switch moves at the click; the status says when the server has it (a reload before
  // then lost the change in CI).
  await expect(
    page.getByRole("status").filter({ hasText: before === "true" ? /^Saved: Emil Employee no longer manages/ : /^Saved: Emil Employee manages/ }),
  ).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId("timekeeper-table").getByRole("textbox", { name: "Your comment on 2026-0101" })).toHaveValue(text);
  await expect(
    page.getByTestId("timekeeper-table").getByRole("switch", { name: "Emil Employee manages Acquisition of Nordic Freight" }),
  ).toHaveAttribute("aria-checked", before === "true" ? "false" : "true");
});

test("the confidential matter: its name for the person who worked on it, 'Confidential matter' for a colleague who did not", async ({
  page,
  browser,
}) => {
  await login(page, accounts.employee);
  await openTab(page, "detailed");
  await page.getByRole("button", { name: "Matters", exact: true }).click();
  const matters = page.getByTestId("matter-table");
  await expect(matters).toContainText("Confidential matter");
  await expect(page.locator("body")).not.toContainText("Project Nightingale");
  await expect(page.locator("body")).not.toContainText("Nightingale Holdings");

  const context = await browser.newContext({ viewport: viewports.desktop });
  const anna = await context.newPage();
  await login(anna, ANNA);
  await openTab(anna, "detailed");
  await anna.getByRole("button", { name: "Matters", exact: true }).click();
  await expect(anna.getByTestId("matter-table")).toContainText("Project Nightingale");
  await expect(anna.getByTestId("matter-table")).toContainText("Nightingale Holdings AB");
  await context.close();
});

test("the Matters layout's search box finds matters by name or client, never by what a confidential one hides", async ({ page, browser }) => {
  await login(page, accounts.employee);
  await openTab(page, "detailed");
  await expect(page.getByRole("searchbox", { name: "Search name or title" })).toBeVisible();
  await page.getByRole("button", { name: "Matters", exact: true }).click();
  const search = page.getByRole("searchbox", { name: "Search name or client" });
  const matters = page.getByTestId("matter-table");
  await search.fill("nightingale");
  await expect(matters).toContainText('match "nightingale"');
  await expect(page).toHaveURL(/q=nightingale/);
  await search.fill("confidential");
  await expect(matters).not.toContainText("Acquisition of Nordic Freight");
  await expect(matters).toContainText("Confidential matter");
  await expect(matters.locator("tbody tr").first()).toContainText("Confidential matter");
  await page.screenshot({ path: "test-results/screenshots/detailed-matters-search-1280.png", fullPage: true });

  const context = await browser.newContext({ viewport: viewports.phone, baseURL: new URL(page.url()).origin });
  const anna = await context.newPage();
  await login(anna, ANNA);
  await openTab(anna, "detailed");
  await anna.getByRole("button", { name: "Matters", exact: true }).click();
  await anna.getByRole("searchbox", { name: "Search name or client" }).fill("Nightingale Holdings");
  await expect(anna).toHaveURL(/q=Nightingale/);
  await expect(anna.getByTestId("matter-table")).not.toContainText("Acquisition of Nordic Freight");
  await expect(anna.getByTestId("matter-table")).toContainText("Project Nightingale");
  await expect(anna.getByTestId("matter-table").locator("tbody")).not.toContainText("Confidential matter");
  await anna.screenshot({ path: "test-results/screenshots/detailed-matters-search-390.png", fullPage: true });
  await context.close();
});

for (const viewport of Object.values(viewports)) {
  test(`screenshots of the Detailed and Utilization views at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, accounts.employee);
    for (const view of ["detailed", "utilization"] as const) {
      await openTab(page, view);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `test-results/screenshots/${view}-${viewport.width}.png`, fullPage: true });
    }
    await openTab(page, "detailed");
    await page.getByRole("button", { name: "Matters", exact: true }).click();
    await expect(page.getByTestId("matter-table")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/detailed-matters-${viewport.width}.png`, fullPage: true });
  });
}
