import { accounts, expect, login, test, viewports } from "./fixtures";

const OPERATOR = "operator@demo.test";

test("the operator creates a company with its administrator, whose invite lands in the mailbox", async ({ page }) => {
  await login(page, OPERATOR);
  await page.goto("/operator");
  await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Demo Law/ })).toBeVisible();

  const suffix = Date.now().toString(36);
  const email = `founder-${suffix}@newfirm.test`;
  await page.getByRole("button", { name: "New company" }).click();
  const dialog = page.getByRole("dialog", { name: "New company" });
  await dialog.getByLabel("Company name").fill(`Newfirm ${suffix}`);
  await dialog.getByLabel("Administrator's name").fill("Frida Founder");
  await dialog.getByLabel("Administrator's e-mail").fill(email);
  await dialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row", { name: new RegExp(`Newfirm ${suffix}`) });
  await expect(row).toContainText("1");

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("article").filter({ hasText: email }).first()).toContainText("/signup/");
});

test("editing a company refuses a matters time period of 0", async ({ page }) => {
  await login(page, OPERATOR);
  await page.goto("/operator");
  await page.getByRole("button", { name: "Edit Other Firm" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Other Firm" });
  await dialog.getByLabel("Matters time period (days)").fill("0");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Needs to be a whole number of days from 1 to 90.")).toBeVisible();
});

test("the operator sets a firm's title ranking, one title per line, and it is kept", async ({ page }) => {
  await login(page, OPERATOR);
  await page.goto("/operator");
  await page.getByRole("button", { name: "Edit Other Firm" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Other Firm" });
  const ranking = dialog.getByLabel("Title ranking (most senior first, one per line)");
  await ranking.fill("Partner\n\n  Counsel \nAssociate");
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await dialog.screenshot({ path: `test-results/screenshots/operator-title-ranking-${name}-${viewport.width}.png` });
  }
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Edit Other Firm" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Other Firm" }).getByLabel("Title ranking (most senior first, one per line)")).toHaveValue(
    "Partner\nCounsel\nAssociate",
  );
});

test("someone who is not an operator gets the not-found page", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  const response = await page.goto("/operator");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`screenshot of /operator at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, OPERATOR);
    await page.goto("/operator");
    await expect(page.getByRole("heading", { name: "Operator console" })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/operator-${name}-${viewport.width}.png`, fullPage: true });
  });
}

test("the operator sees active people per week per firm and updates per source", async ({ page }) => {
  await login(page, OPERATOR);
  await page.goto("/operator");
  await page.getByText("Show the last 8 weeks").click();
  const usage = page.getByRole("region", { name: "Usage per firm" });
  await expect(usage.getByRole("columnheader")).toHaveCount(10);
  // The seed's sign-ins count: Demo Law had active people this week.
  const demo = usage.getByRole("row", { name: /^Demo Law/ });
  await expect(demo).toBeVisible();
  expect(Number(await demo.getByRole("cell").nth(7).innerText())).toBeGreaterThan(0);
});

test("a firm's icon replaces the product's mark in its people's header; an address that is not an image's is refused", async ({ page, browser }) => {
  const icon =
    "data:image/svg+xml," +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#7c2d12"/><text x="16" y="21" font-size="13" font-family="sans-serif" fill="#fff" text-anchor="middle">OF</text></svg>',
    );
  const setIcon = async (value: string) => {
    await page.goto("/operator");
    await page.getByRole("button", { name: "Edit Other Firm" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Other Firm" });
    await dialog.getByLabel("Icon (URL)").fill(value);
    await dialog.getByRole("button", { name: "Save" }).click();
    return dialog;
  };
  await login(page, OPERATOR);
  const refused = await setIcon("javascript:alert(1)");
  await expect(refused.getByText("Use an https:// address of an image (or a data:image URL).")).toBeVisible();
  await expect(await setIcon(icon)).toBeHidden();
  try {
    for (const [name, viewport] of Object.entries(viewports)) {
      const context = await browser.newContext({ viewport, baseURL: new URL(page.url()).origin });
      const employee = await context.newPage();
      await login(employee, "employee@other.test");
      await employee.goto("/home");
      const logo = employee.locator(viewport.width > 467 ? "aside img" : "header img").first();
      await expect(logo).toHaveAttribute("src", icon);
      expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
      await employee.screenshot({ path: `test-results/screenshots/firm-icon-header-${name}-${viewport.width}.png` });
      await context.close();
    }
  } finally {
    await expect(await setIcon("")).toBeHidden();
  }
});

test("the Shards table lists the installation's three shards, measured, and the firms each holds", async ({ page }) => {
  await login(page, OPERATOR);
  await page.goto("/operator");
  const shards = page.getByRole("region", { name: "Shards of the installation" });
  const rows = shards.getByRole("row");
  // The header and shards 0, 1 and 2 of the development installation (decision 0312).
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole("rowheader")).toContainText("DB");
  await expect(rows.nth(3).getByRole("rowheader")).toContainText("DB_SHARD_2");
  await expect(page.getByRole("heading", { name: /Shards/ })).toContainText("measured");
  // Every seeded firm is on shard 0; the directory heard of them from its outbox after the sign-in.
  await expect(async () => {
    await page.reload();
    await shards
      .getByText(/^\d+ firms$/)
      .first()
      .click();
    await expect(shards.getByRole("listitem").filter({ hasText: "Demo Law" })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(rows.nth(2)).toContainText("0");
});
