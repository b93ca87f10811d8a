import type { APIRequestContext, Page, Route } from "@playwright/test";
import { allowConsoleErrors, DEMO_PASSWORD, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * The dashboard, driven by a seeded person nobody else's test touches (Anna Lindqvist).
 * A second browser context — her other device, or a colleague — sees each change without
 * reloading. How fast (the one-second target) is measured by `npm run bench`, not here:
 * timing assertions on a shared two-core machine only make tests flaky.
 */
const ANNA = "anna.lindqvist.0@demo.test";
const ADMIN = "admin@demo.test";
const LIVE = { timeout: 5_000 };

async function openDashboard(page: Page, email: string) {
  await login(page, email);
  await page.goto("/home");
  await waitForHydration(page.getByRole("button", { name: "Increase current workload" }));
  // The company room is joined: changes from elsewhere can now arrive.
  await expect(page.locator("html")).toHaveAttribute("data-realtime", "connected");
}

test.describe.configure({ mode: "serial" });

test("an employee sets workload, a quick date, a message, forecasts and work location; another device sees each change live", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A known start, whatever the seed or an earlier run left: no future date, Wednesday of the default week at home.
  const { token } = await (await request.post("/api/v2/account/login", { data: { email: ANNA, password: DEMO_PASSWORD } })).json();
  const auth = { Authorization: `Bearer ${token}` };
  const me = await (await request.get("/api/v2/users/me", { headers: auth })).json();
  expect((await request.put(`/api/v2/users/${me._id}`, { headers: auth, data: { workloadForecastDate: null } })).status()).toBe(200);
  expect((await request.post("/api/v2/workplace-forecast/2", { headers: auth, data: { option: 1, future: true } })).status()).toBe(200);
  const other = await browser.newContext();
  const device = await other.newPage();
  await openDashboard(page, ANNA);
  await openDashboard(device, ANNA);

  // Current workload: minus and plus stop at the limits.
  const current = page.getByTestId("current-workload");
  const minus = page.getByRole("button", { name: "Decrease current workload" });
  const plus = page.getByRole("button", { name: "Increase current workload" });
  while (await minus.isEnabled()) {
    await minus.click();
    await page.waitForLoadState("networkidle");
  }
  await expect(current).toHaveText("Available");
  await expect(device.getByTestId("current-workload")).toHaveText("Available", LIVE);
  await plus.click();
  await expect(current).toHaveText("Some availability");
  await expect(device.getByTestId("current-workload")).toHaveText("Some availability", LIVE);
  for (let i = 0; i < 2; i++) {
    await plus.click();
    await page.waitForLoadState("networkidle");
  }
  await expect(current).toHaveText("Seriously busy");
  await expect(plus).toBeDisabled();

  // Future workload: needs a date first; a quick date sets it.
  await expect(page.getByRole("button", { name: "Clear", exact: true })).toHaveCount(0);
  const quick = page.getByLabel("Quick dates").getByRole("button").first();
  const quickLabel = (await quick.textContent())!;
  await quick.click();
  await expect(quick).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("forecast-date")).toHaveText(/^From /);
  await expect(device.getByTestId("forecast-date")).toHaveText(await page.getByTestId("forecast-date").innerText(), LIVE);
  const futureBefore = await page.getByTestId("future-workload").innerText();
  const increase = page.getByRole("button", { name: "Increase future workload" });
  await ((await increase.isEnabled()) ? increase : page.getByRole("button", { name: "Decrease future workload" })).click();
  await expect(page.getByTestId("future-workload")).not.toHaveText(futureBefore);
  await expect(device.getByTestId("future-workload")).toHaveText(await page.getByTestId("future-workload").innerText(), LIVE);
  expect(quickLabel.length).toBeGreaterThan(0);

  // Status message (the general comment on this firm's dashboard): saved as typed.
  const comment = page.getByLabel("General comment");
  await comment.fill("");
  await comment.pressSequentially("Drafting the SPA this week");
  await comment.press("Enter");
  await expect(comment).toHaveValue("Drafting the SPA this week");
  await expect(device.getByLabel("General comment")).toHaveValue("Drafting the SPA this week", LIVE);
  await expect(page.getByTestId("toast")).toHaveText("Saved");

  // Forecast editor: add, edit, delete.
  await page.getByRole("button", { name: "Add Forecast", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Forecast" });
  await expect(dialog.getByText("Select date range")).toBeVisible();
  await dialog.getByRole("radio", { name: "Busy", exact: true }).click();
  const days = dialog.locator("button.rdp-day_button:not([disabled])");
  await days.nth(3).click();
  await days.nth(5).click();
  await dialog.getByLabel(/Comment/).fill("Due diligence");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId("forecast-card").filter({ hasText: "Due diligence" });
  await expect(card).toHaveCount(1);
  await expect(device.getByTestId("forecast-card").filter({ hasText: "Due diligence" })).toHaveCount(1, LIVE);
  // Card widths (planning.md, Home): Today 160 px, forecasts 150 px (145 px beyond five).
  expect((await page.getByTestId("today-card").boundingBox())?.width).toBe(160);
  expect((await card.boundingBox())?.width).toBe(150);

  await card.click();
  const edit = page.getByRole("dialog", { name: "Edit Forecast" });
  await edit.getByRole("radio", { name: "Away" }).click();
  await edit.getByLabel(/Comment/).fill("Court");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId("forecast-card").filter({ hasText: "Court" })).toHaveCount(1);
  await expect(device.getByTestId("forecast-card").filter({ hasText: "Court" })).toHaveCount(1, LIVE);

  await page.getByTestId("forecast-card").filter({ hasText: "Court" }).click();
  await page.getByRole("dialog", { name: "Edit Forecast" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("forecast-card").filter({ hasText: "Court" })).toHaveCount(0);
  await expect(device.getByTestId("forecast-card").filter({ hasText: "Court" })).toHaveCount(0, LIVE);

  // Work location: the first working day to home, a default-week day to office.
  const firstDay = page.getByRole("list", { name: "This week" }).getByRole("listitem").first();
  await firstDay.getByRole("button").first().click();
  await firstDay.getByRole("button", { name: "Home" }).click();
  await expect(firstDay.getByRole("button").first()).toHaveAccessibleName(/: Home$/);
  await expect(device.getByRole("list", { name: "This week" }).getByRole("listitem").first().getByRole("button").first()).toHaveAccessibleName(
    /: Home$/,
    LIVE,
  );

  const wednesday = page.getByRole("list", { name: "DEFAULT WEEK" }).getByRole("listitem").nth(2);
  await wednesday.getByRole("button").first().click();
  await wednesday.getByRole("button", { name: "Office" }).click();
  await expect(wednesday.getByRole("button").first()).toHaveAccessibleName("DEFAULT WEEK WED: Office");
  await expect(device.getByRole("list", { name: "DEFAULT WEEK" }).getByRole("listitem").nth(2).getByRole("button").first()).toHaveAccessibleName(
    "DEFAULT WEEK WED: Office",
    LIVE,
  );
  await other.close();
});

test("a colleague with the WFH overview sees a location change live", async ({ page, browser }) => {
  const colleague = await browser.newContext();
  const admin = await colleague.newPage();
  await login(admin, ADMIN);
  await admin.goto("/home");
  await expect(admin.locator("html")).toHaveAttribute("data-realtime", "connected");
  await waitForHydration(admin.getByRole("button", { name: "WFH Overview" }));
  await admin.getByRole("button", { name: "WFH Overview" }).click();
  const row = admin.getByTestId("wfh-row").filter({ has: admin.getByText("Anna Lindqvist", { exact: true }) });
  await expect(row).toHaveCount(1);
  // The viewer's own row comes first... unless the viewer is an admin, who has no row.
  await expect(admin.getByTestId("wfh-row").first()).not.toContainText("Adam Administrator");

  await openDashboard(page, ANNA);
  const secondDay = page.getByRole("list", { name: "This week" }).getByRole("listitem").nth(1);
  await secondDay.getByRole("button").first().click();
  await secondDay.getByRole("button", { name: "Absent" }).click();
  await expect(row.locator("td").nth(1)).toContainText("Away", LIVE);
  await colleague.close();
});

test("a refused save rolls the change back and says so", async ({ page }) => {
  await openDashboard(page, ANNA);
  const current = page.getByTestId("current-workload");
  const before = await current.innerText();
  await page.route(
    (url) => url.pathname === "/home" && url.searchParams.has("_data"),
    (route) =>
      route.request().method() === "POST"
        ? route.fulfill({
            status: 403,
            contentType: "application/json",
            headers: { "X-Remix-Response": "yes" },
            body: JSON.stringify({ ok: false, intent: "current", message: "The server refused the change." }),
          })
        : route.continue(),
  );
  const button = before === "Available" ? "Increase current workload" : "Decrease current workload";
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("alert")).toHaveText("Not saved: The server refused the change. Your change was undone.");
  await expect(current).toHaveText(before);
});

test("a forecast write that fails outright rolls back with its message; the dashboard stays and the next write saves", async ({ page, request }) => {
  const anna = await apiAs(request, ANNA);
  expect((await request.post("/api/v2/workload/current", { headers: anna.headers, data: { workscale: 0 } })).ok()).toBe(true);
  await openDashboard(page, ANNA);
  const card = page.getByTestId("today-card");
  const choose = async (status: string) => {
    await card.getByRole("button", { name: /^Today: / }).click();
    // A click, as a person would: with a message shown the card grows, so no status is covered.
    await card.getByRole("radio", { name: status, exact: true }).click();
  };
  await expect(card.getByRole("button", { name: /^Today: Available\. Change$/ })).toBeVisible();
  allowConsoleErrors(page, /^Failed to load resource: net::ERR_FAILED/);

  // The network drops the write: the card goes back and says why; the page is still the dashboard.
  await page.route(
    (url) => url.pathname === "/resources/forecasts",
    (route) => route.abort("failed"),
  );
  await choose("Busy");
  await expect(card.getByRole("alert")).toHaveText("Not saved: The connection to the server failed. Try again. Your change was undone.");
  await expect(card.getByRole("button", { name: /^Today: Available\. Change$/ })).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/today-card-not-saved.png" });
  await expect(page.getByRole("button", { name: "Increase current workload" })).toBeVisible();
  expect((await anna.me()).currentWorkload).toBe(0);

  // The connection is back: the next write saves and the message goes.
  await page.unrouteAll();
  await choose("Busy");
  await expect(card.getByRole("button", { name: /^Today: Busy\. Change$/ })).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  await expect.poll(async () => (await anna.me()).currentWorkload).toBe(2);
});

/** Signs in through the API as `email` and returns helpers to set and read their state. */
async function apiAs(request: APIRequestContext, email: string) {
  const { token } = await (await request.post("/api/v2/account/login", { data: { email, password: DEMO_PASSWORD } })).json();
  const headers = { Authorization: `Bearer ${token}` };
  const me = async () =>
    (await (await request.get("/api/v2/users/me", { headers })).json()) as {
      _id: string;
      currentWorkload: number | null;
      futureWorkload: number | null;
      workloadForecastDate: string | null;
    };
  return { headers, me };
}

const JOHAN = "johan.lindqvist.3@demo.test";

test("quick clicks on workload plus and minus all count: the sum shows at once and the last level is the one saved", async ({ page, request }) => {
  const johan = await apiAs(request, JOHAN);
  expect((await request.post("/api/v2/workload/current", { headers: johan.headers, data: { workscale: 0 } })).ok()).toBe(true);
  await openDashboard(page, JOHAN);
  const current = page.getByTestId("current-workload");
  await expect(current).toHaveText("Available");

  // Saves are held back until released, so what the control shows cannot come from the server.
  const held: Route[] = [];
  let inFlightMost = 0;
  await page.route(
    (url) => url.pathname === "/home" && url.searchParams.has("_data"),
    (route) => {
      if (route.request().method() !== "POST") return route.continue();
      held.push(route);
      inFlightMost = Math.max(inFlightMost, held.length);
    },
  );
  const release = async () => {
    while (held.length) await held.shift()!.continue();
  };

  // A double click from Available: two steps up.
  await page.getByRole("button", { name: "Increase current workload" }).dblclick();
  await expect(current).toHaveText("Busy");
  await expect.poll(() => held.length).toBe(1);
  // Five clicks in one go on minus, then two on plus: Available (minus stops at 0), then Busy again.
  await page.getByRole("button", { name: "Decrease current workload" }).evaluate((minus) => {
    for (let i = 0; i < 5; i++) (minus as HTMLButtonElement).click();
  });
  await expect(current).toHaveText("Available");
  await page.getByRole("button", { name: "Increase current workload" }).click();
  await expect(current).toHaveText("Some availability");
  await page.getByRole("button", { name: "Increase current workload" }).click();
  await expect(current).toHaveText("Busy");

  // Released one at a time: the last level clicked is the last one written.
  await expect
    .poll(async () => {
      await release();
      return (await johan.me()).currentWorkload;
    })
    .toBe(2);
  await page.waitForLoadState("networkidle");
  await release();
  expect(inFlightMost, "saves in flight at once").toBe(1);
  await expect(current).toHaveText("Busy");
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId("current-workload")).toHaveText("Busy");
});

test("a cleared forecast date leaves no future level: not on the card, not for colleagues", async ({ page, request }) => {
  const johan = await apiAs(request, JOHAN);
  const { _id } = await johan.me();
  expect((await request.put(`/api/v2/users/${_id}`, { headers: johan.headers, data: { workloadForecastDate: null } })).status()).toBe(200);
  await openDashboard(page, JOHAN);
  const future = page.getByTestId("future-workload");
  await expect(future).toHaveText("No data");
  await expect(page.getByText("Pick a date to set your future workload.")).toBeVisible();

  await page.getByLabel("Quick dates").getByRole("button").first().click();
  await expect(page.getByTestId("forecast-date")).toHaveText(/^From /);
  await expect(future).toHaveText("Available");
  const plus = page.getByRole("button", { name: "Increase future workload" });
  await plus.click();
  await plus.click();
  await expect(future).toHaveText("Busy");
  await expect.poll(async () => (await johan.me()).futureWorkload).toBe(2);

  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(page.getByText("Pick a date to set your future workload.")).toBeVisible();
  await expect(future).toHaveText("No data");
  await expect.poll(async () => await johan.me()).toMatchObject({ workloadForecastDate: null, futureWorkload: null });
  await page.reload();
  await expect(page.getByTestId("future-workload")).toHaveText("No data");
});

test("the dashboard without new forecasting plans absences only", async ({ page }) => {
  await login(page, "employee@other.test");
  await page.goto("/home");
  await expect(page.getByRole("heading", { name: "Planned absences" })).toBeVisible();
  await expect(page.getByLabel("Status message")).toBeVisible();
  await waitForHydration(page.getByRole("button", { name: "Add Forecast", exact: true }));
  await page.getByRole("button", { name: "Add Forecast", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Forecast" });
  await expect(dialog.getByRole("radiogroup", { name: "Status" })).toHaveCount(0);
  await expect(dialog.getByText("0/25")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

for (const viewport of Object.values(viewports)) {
  test(`dashboard screenshots at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, "erik.lindqvist.1@demo.test");
    await page.goto("/home");
    await waitForHydration(page.getByRole("button", { name: "Add Forecast", exact: true }));
    await page.screenshot({ path: `test-results/screenshots/home-new-forecasting-${viewport.width}.png`, fullPage: true });
    await page.getByRole("button", { name: "Add Forecast", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Add Forecast" })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/forecast-editor-${viewport.width}.png` });
    await page.getByRole("button", { name: "Cancel" }).click();

    await login(page, ADMIN);
    await page.goto("/home");
    await waitForHydration(page.getByRole("button", { name: "WFH Overview" }));
    await page.getByRole("button", { name: "WFH Overview" }).click();
    await expect(page.getByTestId("wfh-row").first()).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/wfh-overview-${viewport.width}.png` });

    await login(page, "employee@other.test");
    await page.goto("/home");
    await page.screenshot({ path: `test-results/screenshots/home-classic-${viewport.width}.png`, fullPage: true });
  });
}
