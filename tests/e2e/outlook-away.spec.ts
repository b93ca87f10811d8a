import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_DIRECTORY_IDS, DEMO_TENANT_ID } from "../../scripts/seed-constants";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

const SHOTS = "test-results/screenshots/outlook-away";

/** The loopback Microsoft Graph beside the app (tests/fakes/entra-server.ts): the app's port + 100, as entra.spec.ts finds it. */
function fakeGraph(page: Page) {
  return `http://127.0.0.1:${Number(new URL(page.url()).port) + 100}`;
}

function dayFromNow(days: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/**
 * A company admin of the demo firm (connected to its Microsoft directory, and linked to it):
 * their forecasts are on no planner row, so the other specs' pages do not see these days.
 */
const PERSON = accounts.companyAdmin;

test("Take my away days from Outlook: the switch on /settings brings an Out of office event, at 1280 and 390 px", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  await login(page, PERSON);
  await page.goto("/settings");
  const holiday = await page.request.post(`${fakeGraph(page)}/_fake/calendar/${DEMO_TENANT_ID}/${DEMO_DIRECTORY_IDS[PERSON]}/events`, {
    data: {
      id: "e2e-holiday",
      subject: "Holiday",
      showAs: "oof",
      isAllDay: true,
      start: { dateTime: `${dayFromNow(10)}T00:00:00.0000000`, timeZone: "UTC" },
      end: { dateTime: `${dayFromNow(13)}T00:00:00.0000000`, timeZone: "UTC" },
    },
  });
  expect(holiday.ok()).toBe(true);

  const section = page.getByRole("region", { name: "Away days from Outlook" });
  const toggle = section.getByRole("switch", { name: "Take my away days from Outlook" });
  await waitForHydration(toggle);
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(section).toContainText("Off: your Outlook calendar is not read.");

  await toggle.click();
  await expect(page.getByRole("status").filter({ hasText: "Away days from Outlook are on: 1 away period added." })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(section.getByTestId("outlook-away-summary")).toContainText("1 away period from Outlook ahead.");
  await expect(section.getByTestId("outlook-away-summary")).toContainText("Last read");
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-outlook-on-1280.png` });
  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The days are the person's forecasts, marked as from Outlook for every screen that lists them.
  const mine = (await (await page.request.get(`/api/v2/forecast/user/${await myId(page)}`)).json()) as {
    startDate: string;
    endDate: string;
    externalSource: string | null;
  }[];
  expect(mine.filter((f) => f.externalSource === "Outlook").map((f) => [f.startDate.slice(0, 10), f.endDate.slice(0, 10)])).toEqual([
    [dayFromNow(10), dayFromNow(12)],
  ]);

  await page.setViewportSize(viewports.phone);
  await page.reload();
  await waitForHydration(toggle);
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/settings-outlook-on-390.png` });

  // Off again: the days from Outlook go.
  await toggle.click();
  await expect(page.getByRole("status").filter({ hasText: "Away days from Outlook are off." })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.screenshot({ path: `${SHOTS}/settings-outlook-off-390.png` });
  const after = (await (await page.request.get(`/api/v2/forecast/user/${await myId(page)}`)).json()) as { externalSource: string | null }[];
  expect(after.filter((f) => f.externalSource === "Outlook")).toEqual([]);
});

test("a firm without Microsoft, and a person not linked to the directory, see no trace of it", async ({ page }) => {
  await page.setViewportSize(viewports.desktop);
  for (const person of ["employee@other.test", "observer@demo.test"]) {
    await page.context().clearCookies();
    await login(page, person);
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await expect(page.getByRole("heading", { name: "Calendar feed", exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Away days from Outlook" })).toHaveCount(0);
    await expect(page.getByRole("main")).not.toContainText("Outlook");
    if (person === "employee@other.test") await page.screenshot({ path: `${SHOTS}/settings-no-microsoft-1280.png`, fullPage: true });
  }
});

async function myId(page: Page): Promise<string> {
  const me = (await (await page.request.get("/api/v2/users/me")).json()) as { _id: string };
  return me._id;
}
