import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { stableId } from "../../scripts/stable-id";
import { accounts, allowConsoleErrors, expect, login, test, viewports, waitForHydration, workerServerPort } from "./fixtures";

/**
 * A firm's writes held for a move's switch (decision 0314): a dialog submitted during the hold
 * is answered 503 + X-Firm-Held, the web app sends it again, and once the hold ends it is saved
 * with what was typed; the person does nothing twice. The hold is the real one: the fence row a
 * move writes on the firm's shard (Demo Law's, shard 0), set and cleared in the server's own
 * local D1.
 */

const run = promisify(execFile);
const DEMO_LAW = stableId("company:demo");
const GROUP = "E2E Held Group";

async function onShard0(port: number, sql: string) {
  await run(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "--env", "dev", "--persist-to", `.wrangler/e2e-state-${port}`, "--command", sql, "--yes"],
    {
      timeout: 60_000,
    },
  );
}

test("a dialog submitted while the firm's writes are held is saved afterwards with what was typed", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  // The held answers are 503s, which Chromium logs; the page shows nothing wrong.
  allowConsoleErrors(page, /status of 503/);
  const port = workerServerPort(testInfo.parallelIndex);
  await login(page, accounts.companyAdmin);
  await page.goto("/groups");
  const add = page.getByRole("button", { name: "Add group", exact: true });
  await waitForHydration(add);
  await add.click();
  const dialog = page.getByRole("dialog", { name: "New group" });
  await dialog.getByLabel("Name", { exact: true }).fill(GROUP);

  await onShard0(port, `insert into firm_fence (company_id, move_id, state, since) values ('${DEMO_LAW}', 'e2e-hold', 'held', 0)`);
  try {
    const held = page.waitForResponse((response) => response.request().method() === "POST" && response.status() === 503);
    await dialog.getByRole("button", { name: "Save" }).click();
    const answer = await held;
    expect(answer.headers()["x-firm-held"]).toBe("1");
    expect(answer.headers()["retry-after"]).toBe("2");
    // Still open, still saying what was typed, while the app tries again.
    await page.waitForTimeout(2500);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(GROUP);
  } finally {
    await onShard0(port, `delete from firm_fence where company_id = '${DEMO_LAW}'`);
  }
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  const groups = page.getByRole("region", { name: "Groups", exact: true });
  const item = groups.getByRole("listitem").filter({ has: page.getByText(GROUP, { exact: true }) });
  await expect(item).toHaveCount(1);

  // Leaves the seed's catalog as it was.
  await item.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GROUP);
  const remove = page.getByRole("button", { name: "Delete", exact: true });
  await waitForHydration(remove);
  await remove.click();
  await page.getByRole("dialog", { name: "Delete group" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/groups$/);
});

test("the operator moves a new firm to another shard with Step now, and sees the move in the Shards table", async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, "operator@demo.test");
  await page.goto("/operator");
  const suffix = Date.now().toString(36);
  const firm = `Moving Firm ${suffix}`;
  await page.getByRole("button", { name: "New company" }).click();
  const dialog = page.getByRole("dialog", { name: "New company" });
  await dialog.getByLabel("Company name").fill(firm);
  await dialog.getByLabel("Administrator's name").fill("Mona Mover");
  await dialog.getByLabel("Administrator's e-mail").fill(`mover-${suffix}@movingfirm.test`);
  await dialog.getByRole("button", { name: "Create and invite" }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  const shards = page.getByRole("region", { name: "Shards of the installation" });
  // A new firm goes to the shard with the most headroom (decision 0313); its firms are behind the row's "n firms".
  const home = shards.getByRole("row").filter({ hasText: firm });
  await home.locator("summary").click();
  const bindings = ["DB", "DB_SHARD_1", "DB_SHARD_2"];
  // The row's header starts with the shard's number.
  const from = Number((await home.getByRole("rowheader").innerText()).trim().split(/\s/)[0]);
  const to = from === 2 ? 1 : 2;
  await shards.getByLabel(`Shard to move ${firm} to`).selectOption(String(to));
  await shards.getByRole("button", { name: `Move ${firm}` }).click();
  const moves = page.getByRole("heading", { name: "Moves" }).locator("..");
  const step = moves.getByRole("button", { name: `Step now ${firm}` });
  await expect(step).toBeVisible();
  await expect(moves.getByRole("button", { name: `Cancel ${firm}` })).toBeVisible();
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page
      .locator("section", { has: page.locator("#shards-heading") })
      .screenshot({ path: `test-results/screenshots/operator-moves-${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);
  for (let i = 0; i < 8; i++) {
    if (await moves.getByText(/old rows kept until/).isVisible()) break;
    await step.click();
    await expect(step).toBeEnabled();
  }
  await expect(moves.getByText(/old rows kept until/)).toBeVisible();
  await expect(moves.getByRole("button", { name: `Cancel ${firm}` })).toHaveCount(0);
  await page.reload();
  const target = shards.getByRole("row").filter({ hasText: bindings[to] });
  await target.locator("summary").click();
  await expect(target.getByText(firm)).toBeVisible();
  for (const [name, viewport] of Object.entries(viewports)) {
    await page.setViewportSize(viewport);
    await page
      .locator("section", { has: page.locator("#shards-heading") })
      .screenshot({ path: `test-results/screenshots/operator-moved-${name}-${viewport.width}.png` });
  }
});
