import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { REMINDER_CRON } from "../../app/domain/operations/crons";
import type { WebPushMessage } from "../fakes/web-push-fake";
import { expect, login, test, viewports } from "./fixtures";
import { lastWorkingMorning } from "./reminder-time";

/**
 * Issue 31, item 4: "Push reminders on any device" (decision 0302). A seeded person with
 * reminders off who last updated about twelve days before the seed ran, used by no other spec
 * (scripts/seed-data.ts), in Demo Law's zone (Stockholm).
 *
 * This Chromium has no internet, so pushManager.subscribe cannot reach its real push service
 * (Google's). The subscription is made instead at the loopback push service the server pushes
 * to (tests/fakes/web-push-fake.ts on $PORT + 600), as the browser's push service would make
 * it, and saved through the same /api/v2 call the settings switch makes. The reminder cron then
 * pushes to it for real (VAPID-signed, aes128gcm-encrypted, verified and decrypted by the fake);
 * what the fake decrypted is handed to the app's service worker with DevTools'
 * ServiceWorker.deliverPushMessage, the way Chromium hands a push to it, and the notification's
 * answer goes through the worker's own click handler.
 */
const PERSON = "anna.bergstrom.30@demo.test";
const ZONE = "Europe/Stockholm";

const section = (page: Page) => page.getByRole("region", { name: "Notifications" });

async function axeClean(page: Page, name: string) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    const results = await new AxeBuilder({ page })
      .include("section[aria-labelledby='notifications-heading']")
      .withTags(["wcag2a", "wcag2aa"])
      .analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
    await section(page).screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png` });
  }
  await page.setViewportSize(viewports.desktop);
}

test.describe("reminders on this device (Web Push)", () => {
  test("a reminder pushed to the browser shows the mail's answers, and an answer sets the workload", async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const pushService = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 600}`;
    await context.grantPermissions(["notifications"], { origin });
    await login(page, PERSON);

    // Reminders on, in the profile form.
    await page.goto("/settings");
    await page.getByLabel("Update Notifications").selectOption("7");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();

    // The section, and its switch, off on this browser.
    const toggle = section(page).getByRole("switch", { name: "Reminders on this device" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toBeEnabled();
    await expect(section(page).getByText("Off: update reminders come by e-mail only.")).toBeVisible();

    // This browser's subscription, as its push service would make it, saved as the switch saves it.
    const { publicKey } = (await (await page.request.get("/api/v2/web-push-subscription")).json()) as { publicKey: string };
    const made = await page.request.post(`${pushService}/__control/subscriptions`, { data: { applicationServerKey: publicKey } });
    expect(made.status()).toBe(201);
    const subscription = (await made.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
    const saved = await page.request.post("/api/v2/web-push-subscription", { data: { ...subscription, label: "Chrome on Android" } });
    expect(saved.status(), await saved.text()).toBe(201);
    await page.reload();
    await expect(section(page).getByRole("list", { name: "Other devices with reminders" })).toContainText("Chrome on Android");
    await axeClean(page, "settings-web-push");

    // The reminder cron, as the platform fires it at a working-day 09:30 in Stockholm.
    const run = await page.request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(REMINDER_CRON)}&time=${lastWorkingMorning(ZONE)}`);
    expect(run.status(), await run.text()).toBe(200);
    const messages = (await (await page.request.get(`${pushService}/__control/messages`)).json()) as WebPushMessage[];
    const [message] = messages.filter((m) => m.endpoint === subscription.endpoint);
    expect(message, "the push service received the reminder").toBeTruthy();
    expect(message.claims.aud).toBe(pushService);
    const payload = JSON.parse(message.plaintext) as { title: string; actions: { action: string; title: string; link: string }[] };
    expect(payload.title).toBe("How busy are you this week?");
    expect(payload.actions.map((a) => a.title)).toEqual(["Available", "Some availability", "Busy", "Seriously busy", "Away"]);

    // The app's service worker, registered as the switch registers it.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    const deliver = async () =>
      cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: await registrationId, data: message.plaintext });
    await deliver();

    // The notification it showed: the question, and the answers as actions (as many as Chromium shows).
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          actions: ((n as Notification & { actions?: { action: string; title: string }[] }).actions ?? []).map(({ action, title }) => ({
            action,
            title,
          })),
          links: Object.keys((n.data as { links: Record<string, string> }).links),
        })),
      );
    // A worker still starting on a busy machine can miss a delivery (a CI run saw none shown in
    // 5 s); a push service delivers again, and the same tag replaces rather than adds.
    await expect
      .poll(
        async () => {
          const titles = (await shown()).map((n) => n.title);
          if (!titles.length) await deliver();
          return titles;
        },
        { timeout: 20_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toEqual(["How busy are you this week?"]);
    const [notification] = await shown();
    expect(notification.body).toContain("three days");
    expect(notification.actions.length).toBeGreaterThan(0);
    expect(notification.actions).toEqual(
      [
        { action: "0", title: "Available" },
        { action: "1", title: "Some availability" },
      ].slice(0, notification.actions.length),
    );
    expect(notification.links).toEqual(["0", "1", "2", "3", "away"]);

    // Choosing 'Some availability': the worker's notificationclick handler, on the notification it showed.
    const worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)!;
    expect(worker).toBeTruthy();
    const outcome = await worker.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        handleNotificationClick: (n: Notification, a: string) => Promise<string>;
      };
      const [shownNotification] = await scope.registration.getNotifications();
      return scope.handleNotificationClick(shownNotification, "1");
    });
    expect(outcome).toBe("answered");
    await expect
      .poll(async () => (await shown()).map((n) => `${n.title}: ${n.body}`))
      .toEqual(["Thank you: Your workload is now Some availability."]);

    // The dashboard shows it; the reminder is used up.
    await page.goto("/home");
    await expect(page.getByTestId("current-workload")).toHaveText("Some availability");
    const again = await page.request.post(payload.actions[3].link, { form: {}, maxRedirects: 0 });
    expect(again.status()).toBe(410);
  });

  test("where notifications are blocked, the switch is off and says how to allow them", async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await login(page, PERSON);
    const cdp = await context.newCDPSession(page);
    // What a person's 'Block' leaves: the permission denied for the site, in this browser profile.
    const { targetInfo } = await cdp.send("Target.getTargetInfo");
    await cdp.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting: "denied",
      origin,
      browserContextId: targetInfo.browserContextId,
    });
    await page.goto("/settings");
    const toggle = section(page).getByRole("switch", { name: "Reminders on this device" });
    await expect(section(page).getByText("Notifications are blocked for this site in this browser.", { exact: false })).toBeVisible();
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await axeClean(page, "settings-web-push-blocked");
  });
});
