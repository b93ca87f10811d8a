import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * Issue 11 through the real UI: a category and a competence, members and skill levels, the
 * user card's 'Add competence', and the staffing search; screenshots at 1280 and 390 px; axe.
 */
const ADMIN = "admin@demo.test";
const suffix = `${Date.now() % 100000}`;
const CATEGORY = `E2E Category ${suffix}`;
const COMPETENCE = `E2E Drafting ${suffix}`;

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} - ${v.help}`));
}

test.describe.configure({ mode: "serial", timeout: 120_000 });

test("create a category and a competence, add a member, set and clear a skill level", async ({ page }) => {
  await login(page, ADMIN);
  await page.goto("/competences");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Competences");
  expect(await axe(page)).toEqual([]);

  const create = page.getByRole("button", { name: "Create" });
  await waitForHydration(create);
  await create.click();
  let dialog = page.getByRole("dialog", { name: "Create competence or category" });
  await dialog.getByLabel("Name").fill(CATEGORY);
  await dialog.getByLabel("This is a category").check();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Created");
  await expect(dialog).toBeHidden();

  await create.click();
  dialog = page.getByRole("dialog", { name: "Create competence or category" });
  await dialog.getByLabel("Name").fill(COMPETENCE);
  await dialog.getByLabel("Category", { exact: true }).click();
  await dialog.getByRole("option", { name: `${CATEGORY} 0 competences` }).click();
  await expect(dialog.getByLabel("Category", { exact: true })).toContainText(CATEGORY);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("searchbox", { name: "Search competences" }).fill(suffix);
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("group", { name: "Categories" }).getByRole("button", { name: `${CATEGORY} 1 competence` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Settings of ${COMPETENCE}` })).toHaveAttribute("href", /\/competences\/[0-9a-f]+\/settings$/);
  await expect(page.getByRole("link", { name: `Settings of ${CATEGORY}` })).toHaveAttribute("href", /\/competences\/[0-9a-f]+$/);
  await page.getByRole("link", { name: COMPETENCE, exact: true }).click();
  await expect(page).toHaveURL(/\/competences\/[0-9a-f]+\/members$/);
  await expect(page.getByText("Competence overview")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(COMPETENCE);
  await expect(page.getByRole("navigation", { name: "Breadcrumbs" })).toContainText(`Competences›${COMPETENCE}`);

  const add = page.getByRole("button", { name: "Add member" });
  await waitForHydration(add);
  await add.click();
  dialog = page.getByRole("dialog", { name: "Add members" });
  await dialog.getByLabel("Emil Employee").check();
  await dialog.getByRole("button", { name: "Add members" }).click();
  await expect(dialog).toBeHidden();
  const levels = page.getByRole("group", { name: "Skill level of Emil Employee" });
  await expect(levels).toBeVisible();
  const first = levels.getByRole("button").first();
  // The level's own POST (not the socket ticket or another POST a reload sends).
  const posted = (p: Page) =>
    p.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/competences/") && r.status() === 200);
  let answered = posted(page);
  await first.click();
  await answered;
  await expect(first).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(page.getByRole("group", { name: "Skill level of Emil Employee" }).getByRole("button").first()).toHaveAttribute("aria-pressed", "true");
  answered = posted(page);
  await page.getByRole("group", { name: "Skill level of Emil Employee" }).getByRole("button").first().click();
  await answered;
  await expect(page.getByRole("group", { name: "Skill level of Emil Employee" }).getByRole("button").first()).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await page.reload();
  await expect(page.getByRole("group", { name: "Skill level of Emil Employee" }).getByRole("button").first()).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  expect(await axe(page)).toEqual([]);

  await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByLabel("Competence Name")).toHaveValue(COMPETENCE);
  // The grouped, clearable category dropdown: the category with its count badge; clear, then discard.
  const category = page.getByLabel("Category", { exact: true });
  await waitForHydration(category);
  await expect(category).toContainText(`${CATEGORY}1`);
  await page.getByRole("button", { name: "Clear category" }).click();
  await expect(category).toHaveText("No category");
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(category).toContainText(CATEGORY);
  await category.click();
  await expect(page.getByRole("option", { name: `${CATEGORY} 1 competence` })).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: "test-results/screenshots/competence-parent-dropdown-1280.png" });
  await page.keyboard.press("Escape");
});

test("the member sets and clears their own level under 'My skill level', and the overview filters by the competence", async ({ page }) => {
  await login(page, accounts.employee);
  await page.goto("/competences");
  await page.getByRole("searchbox", { name: "Search competences" }).fill(suffix);
  await page.getByRole("link", { name: COMPETENCE, exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "My skill level" })).toBeVisible();
  const mine = page.getByRole("group", { name: "Skill level of me" });
  const first = mine.getByRole("button").first();
  await waitForHydration(first);
  const posted = () =>
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/competences/") && r.status() === 200);
  let answered = posted();
  await first.click();
  await answered;
  await expect(first).toHaveAttribute("aria-pressed", "true");
  const levelName = (await first.getAttribute("title"))!.replace(" (click to clear)", "");
  await expect(mine.locator("xpath=following-sibling::span")).toHaveText(levelName);
  answered = posted();
  await first.click();
  await answered;
  await page.reload();
  await expect(page.getByRole("group", { name: "Skill level of me" }).getByRole("button").first()).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByText("No level", { exact: true })).toBeVisible();
  expect(await axe(page)).toEqual([]);

  await login(page, ADMIN);
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.goto("/overview?offices=all&groups=all&sort=name");
    const filter = page.getByLabel("Competence", { exact: true });
    await waitForHydration(filter);
    await filter.selectOption({ label: COMPETENCE });
    await expect(page).toHaveURL(/competences=/);
    await expect(page.getByTestId("result-count")).toHaveText("1 person");
    await expect(page.getByTestId("person-card").filter({ hasText: "Emil Employee" })).toHaveCount(1);
    expect(await axe(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `test-results/screenshots/overview-competence-filter-${viewport.width}.png` });
    await filter.selectOption({ label: "All competences" });
    await expect(page).not.toHaveURL(/competences=/);
  }
});

test("the staffing search finds the free member with the competence", async ({ page, browser }) => {
  // Emil says he is available: workload 0.
  const emil = await browser.newContext();
  const emilPage = await emil.newPage();
  await login(emilPage, accounts.employee);
  const status = await emilPage.evaluate(async () => {
    const response = await fetch("/api/v2/workload/current", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ workscale: 0 }),
    });
    return response.status;
  });
  expect(status).toBeLessThan(300);
  await emil.close();

  await login(page, ADMIN);
  await page.goto("/overview");
  await page.getByRole("link", { name: "Find people" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find people");
  const select = page.getByLabel("Competence", { exact: true });
  await waitForHydration(select);
  await select.selectOption({ label: `${CATEGORY} - ${COMPETENCE}` });
  await page.getByRole("button", { name: "Find people" }).click();
  await expect(page.getByRole("heading", { name: "1 person matches" })).toBeVisible();
  const why = page.getByRole("list", { name: "Why Emil Employee matches" });
  await expect(why).toContainText(`${COMPETENCE}, no level set`);
  await expect(why).toContainText(/Free \d+ of 10 working days/);
  expect(await axe(page)).toEqual([]);
});

test("add a competence from the user card", async ({ page }) => {
  await login(page, ADMIN);
  await page.goto("/overview");
  const card = page.getByTestId("person-card").filter({ hasText: "Emil Employee" });
  await waitForHydration(card.first());
  await card.first().click();
  const dialog = page.getByRole("dialog");
  const picker = dialog.getByLabel("Add competence");
  await expect(picker).toBeVisible();
  const option = picker.locator("option").first();
  const name = (await option.innerText()).trim();
  await picker.selectOption({ index: 0 });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByRole("link", { name })).toBeVisible();
});

for (const viewport of Object.values(viewports)) {
  test(`competence screens at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, ADMIN);
    for (const [name, path] of [
      ["competences", "/competences"],
      ["find-people", "/find-people"],
    ] as const) {
      await page.goto(path);
      if (name === "find-people") {
        const button = page.getByRole("button", { name: "Find people" });
        await waitForHydration(button);
        await button.click();
        await expect(page.getByRole("heading", { name: /match/ })).toBeVisible();
      }
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage: true });
    }
    await page.goto("/competences");
    await page.getByRole("searchbox", { name: "Search competences" }).fill(suffix);
    await page.getByRole("link", { name: COMPETENCE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(COMPETENCE);
    await page.screenshot({ path: `test-results/screenshots/competence-members-${viewport.width}.png`, fullPage: true });
    await page.getByRole("main").getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page.getByLabel("Competence Name")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/competence-settings-${viewport.width}.png`, fullPage: true });
  });
}
