import type { Page } from "@playwright/test";
import { unzipSync, strFromU8 } from "fflate";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";
import { axeViolations } from "./axe";

/** Decision 0300: "Download my data" on /settings, and a company admin erasing a person who left. */

const SHOTS = "test-results/screenshots/privacy";

/** Fetches a download link's file with the page's session, as the browser's download would. */
async function download(page: Page, name: RegExp) {
  const href = (await page.getByRole("link", { name }).getAttribute("href"))!;
  const response = await page.request.get(href);
  expect(response.status(), await response.text()).toBe(200);
  const disposition = response.headers()["content-disposition"] ?? "";
  return { name: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "", bytes: Buffer.from(await response.body()) };
}

/** 'Prepare my data' (or a new copy), then waits for links that differ from any shown before. */
async function prepare(page: Page) {
  const section = page.getByRole("region", { name: "Your data" });
  const button = section.getByRole("button", { name: /Prepare (my data|a new copy)/ });
  await waitForHydration(button);
  const link = section.getByRole("link", { name: "Download JSON" });
  const before = (await link.count()) > 0 ? await link.getAttribute("href") : null;
  await button.click();
  await expect.poll(async () => ((await link.count()) > 0 ? await link.getAttribute("href") : null), { timeout: 60_000 }).not.toBe(before);
  await expect(link).toBeVisible();
  return section;
}

test("Download my data: prepared in steps, then the JSON and the workbook, each once", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await login(page, accounts.employee);
  await page.goto("/settings");
  const section = await prepare(page);
  await expect(section).toContainText("Each file downloads once");
  await section.getByRole("link", { name: "Download JSON" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-your-data-1280.png` });
  expect(await axeViolations(page)).toEqual([]);

  const json = await download(page, /Download JSON/);
  expect(json.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(json.bytes.toString("utf8")) as { person: { email: string; name: string }; forecasts: unknown[]; sessions: unknown[] };
  expect(data.person).toMatchObject({ email: accounts.employee, name: "Emil Employee" });
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(json.bytes.toString("utf8")).not.toMatch(/pbkdf2-sha256|passwordHash|secretSealed/);

  const xlsx = await download(page, /Download workbook/);
  expect(xlsx.name).toMatch(/\.xlsx$/);
  const files = unzipSync(new Uint8Array(xlsx.bytes));
  expect(strFromU8(files["xl/workbook.xml"]!)).toContain('name="Workload history"');
  const sheets = Object.keys(files)
    .filter((f) => f.startsWith("xl/worksheets/"))
    .map((f) => strFromU8(files[f]!))
    .join("");
  expect(sheets).toContain(accounts.employee);

  // The page no longer offers them; the used link, opened again, says why not.
  await page.reload();
  await expect(section).toContainText("JSON downloaded");
  await expect(section).toContainText("Workbook downloaded");
});

test("a used download link is refused with a clear message", async ({ page }) => {
  await login(page, accounts.employee);
  await page.goto("/settings");
  const section = await prepare(page);
  const link = section.getByRole("link", { name: "Download JSON" });
  const href = (await link.getAttribute("href"))!;
  const first = await page.request.get(href);
  expect(first.status(), await first.text()).toBe(200);
  await page.goto(href);
  await expect(page.getByRole("alert")).toContainText("This download link has been used already");
  await page.screenshot({ path: `${SHOTS}/download-used-1280.png` });
});

test("Your data at 390 px", async ({ page }) => {
  await page.setViewportSize(viewports.phone);
  await login(page, accounts.employee);
  await page.goto("/settings");
  const heading = page.getByRole("heading", { name: "Your data" });
  await expect(heading).toBeVisible();
  await heading.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-your-data-390.png` });
  expect(await axeViolations(page)).toEqual([]);
});

for (const [size, viewport] of Object.entries(viewports)) {
  test(`a company admin erases a person who left (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, accounts.companyAdmin, { fresh: true });
    // A person of the test's own, so no other spec's people change.
    const email = `leaver-${size}-${Date.now()}@demo.test`;
    const offices = (await (await page.request.get("/api/v2/office")).json()) as { _id: string; group: string }[];
    const created = await page.request.post("/api/v2/users", {
      data: { name: `Lisa Leaver ${size}`, email, office: offices[0]!._id, group: offices[0]!.group },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto("/users/all");
    const row = page.getByTestId("user-row").filter({ hasText: email });
    const menu = row.getByRole("button", { name: `Actions for Lisa Leaver ${size}` });
    await waitForHydration(menu);
    await menu.click();
    await page.getByRole("menuitem", { name: "Erase personal data" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase personal data" });
    await expect(dialog).toContainText("cannot be undone");
    await expect(dialog).toContainText("statistics do not change");
    await page.screenshot({ path: `${SHOTS}/erase-dialog-${viewport.width}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Erase" }).click();
    await expect(page.getByText("Personal data erased")).toBeVisible();
    await expect(page.getByTestId("user-row").filter({ hasText: email })).toHaveCount(0);
    await expect(page.getByTestId("user-row").filter({ hasText: "Erased person" }).filter({ hasText: "Erased" }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/users-after-erase-${viewport.width}.png` });
  });
}
