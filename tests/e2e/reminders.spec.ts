import AxeBuilder from "@axe-core/playwright";
import { REMINDER_CRON } from "../../app/domain/operations/crons";
import { expect, login, test, viewports } from "./fixtures";
import { lastWorkingMorning } from "./reminder-time";

/**
 * Issue 12: "answer a reminder from its link". A seeded person with reminders on who last
 * updated more than ten days before the seed ran (scripts/seed-data.ts; no other spec uses them),
 * in the Stockholm office.
 */
const PERSON = "karl.bergstrom.35@demo.test";
const ZONE = "Europe/Stockholm";

test.describe("update reminders", () => {
  test("answer a reminder from its link: the workload changes once, the link then says it was used", async ({ page, request }) => {
    // The reminder cron, as the platform fires it at its scheduled time: wrangler dev's trigger
    // passes `cron` and `time` through to the Worker's scheduled handler.
    const time = lastWorkingMorning(ZONE);
    const run = await request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(REMINDER_CRON)}&time=${time}`);
    expect(run.status(), await run.text()).toBe(200);

    // The mail, in the development mailbox; its 'Busy' button.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(PERSON)}`);
    const mail = page.getByRole("article", { name: `How busy are you this week? to ${PERSON}` });
    await expect(mail).toHaveCount(1);
    const busy = mail.locator('a[href*="/reminder/"][href*="/2?sig="]');
    const link = (await busy.getAttribute("href"))!;
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    await busy.click();

    // Opening the link changes nothing; one button confirms (decision 0122).
    await expect(page.getByRole("heading", { name: "Update your workload" })).toBeVisible();
    await expect(page.getByText("Set your current workload to Busy?")).toBeVisible();
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/reminder-answer-${viewport.width}.png`, fullPage: true });
    }
    await page.setViewportSize(viewports.desktop);
    await page.getByRole("button", { name: "Yes, set Busy" }).click();
    await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("Your workload is now Busy.");
    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      await page.screenshot({ path: `test-results/screenshots/reminder-answered-${viewport.width}.png`, fullPage: true });
    }
    await page.setViewportSize(viewports.desktop);

    // The dashboard shows it.
    await login(page, PERSON, { fresh: true });
    await page.goto("/home");
    await expect(page.getByTestId("current-workload")).toHaveText("Busy");

    // The same link again, or another button of the same mail: already used.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("alert")).toHaveText("This reminder has already been answered. Open the dashboard to change your workload.");
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(PERSON)}`);
    const away = (await mail.locator('a[href*="/reminder/"][href*="/away?sig="]').getAttribute("href"))!;
    await page.goto(away);
    await expect(page.getByRole("alert")).toHaveText("This reminder has already been answered. Open the dashboard to change your workload.");

    // Another cron run in the same hour reminds nobody twice.
    const again = await request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(REMINDER_CRON)}&time=${time + 300_000}`);
    expect(again.status()).toBe(200);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(PERSON)}`);
    await expect(mail).toHaveCount(1);
  });
});
