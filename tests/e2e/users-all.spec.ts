import { expect, test } from "@playwright/test";
import { accounts, login, viewports, waitForHydration } from "./fixtures";

/** /users/all: sorting in the browser (the server sorts the first render and without JavaScript) and cards on phones. */

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
const sorted = (values: string[], dir: 1 | -1) => [...values].sort((a, b) => dir * collator.compare(a, b));

test("a header click sorts the loaded rows without a request and keeps the order in the address", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  await page.goto("/users/all");
  const table = page.getByRole("table", { name: "All users" });
  const emails = async () => (await table.locator("tbody tr td:nth-child(3)").allInnerTexts()).map((text) => text.trim());
  const emailHeader = table.getByRole("columnheader", { name: /^Email/ }).getByRole("link");
  await waitForHydration(emailHeader);

  const requests: string[] = [];
  page.on("request", (request) => {
    // Not a sort's request: the live-updates socket's ticket (connect, reconnect) and Remix's
    // route discovery for links on the page (/__manifest), both on their own schedule.
    if (["/api/v2/realtime/ticket", "/__manifest"].includes(new URL(request.url()).pathname)) return;
    if (["document", "fetch", "xhr"].includes(request.resourceType())) requests.push(request.url());
  });
  const before = await emails();
  // Click to the next painted frame after the rows changed, timed in the page.
  const ms = await emailHeader.evaluate(
    (link: HTMLElement) =>
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - started));
        });
        observer.observe(document.querySelector("tbody")!, { childList: true, subtree: true, characterData: true });
        const started = performance.now();
        link.click();
      }),
  );
  await expect.poll(emails).toEqual(sorted(before, 1));
  await emailHeader.click();
  await expect.poll(emails).toEqual(sorted(before, -1));
  expect(requests, "requests made by sorting").toEqual([]);
  expect(new URL(page.url()).search).toBe("?sort=email&dir=desc");
  test.info().annotations.push({ type: "sort click to sorted rows", description: `${Math.round(ms)} ms` });
  console.log(`/users/all: header click to sorted rows painted in ${Math.round(ms)} ms`);

  // A reload renders the same order from the server.
  await page.reload();
  await expect(table.getByRole("columnheader", { name: /^Email/ })).toHaveAttribute("aria-sort", "descending");
  expect(await emails()).toEqual(sorted(before, -1));
});

test("without JavaScript the headers are links and the server sorts", async ({ page, browser }) => {
  await login(page, accounts.companyAdmin);
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScript.newPage();
  await plain.goto("/users/all");
  const table = plain.getByRole("table", { name: "All users" });
  const names = (await table.locator("tbody tr td:nth-child(1)").allInnerTexts()).map((text) => text.trim());
  expect(names).toEqual(sorted(names, 1));

  await table.getByRole("columnheader", { name: /^Name/ }).getByRole("link").click();
  await expect(plain).toHaveURL(/\?sort=name&dir=desc$/);
  expect((await table.locator("tbody tr td:nth-child(1)").allInnerTexts()).map((text) => text.trim())).toEqual(sorted(names, -1));

  // The e-mail header's four steps work the same way: the third is the domain.
  await plain.goto("/users/all?sort=email&dir=desc");
  await table
    .getByRole("columnheader", { name: /^Email/ })
    .getByRole("link")
    .click();
  await expect(plain).toHaveURL(/\?sort=domain&dir=asc$/);
  // An erased person (privacy.spec) has no address (decision 0300): a blank domain, which sorts first.
  const domains = (await table.locator("tbody tr td:nth-child(3)").allInnerTexts()).map((text) => text.trim().split("@")[1] ?? "");
  expect(domains).toEqual(sorted(domains, 1));
  await noScript.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: viewports.phone });

  test("each person is a card with the actions on screen, and nothing scrolls sideways", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/users/all");
    const rows = page.getByTestId("user-row");
    await expect(rows.first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);

    for (const name of ["Emil Employee", "Adam Administrator", "Anna Lindqvist"]) {
      const row = rows.filter({ has: page.getByText(name, { exact: true }) });
      const actions = row.getByRole("button", { name: `Actions for ${name}` });
      await actions.scrollIntoViewIfNeeded();
      await expect(actions).toBeInViewport({ ratio: 1 });
      const card = (await row.boundingBox())!;
      expect(card.x, `${name}'s card starts on screen`).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width, `${name}'s card ends on screen`).toBeLessThanOrEqual(390);
      await expect(row).toContainText("Email:");
    }

    // The menu opens on screen and its items work.
    const actions = rows.filter({ has: page.getByText("Emil Employee", { exact: true }) }).getByRole("button", { name: "Actions for Emil Employee" });
    await waitForHydration(actions);
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Edit" })).toBeInViewport();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    await expect(page.getByRole("dialog", { name: "Edit user" })).toBeVisible();
  });
});
