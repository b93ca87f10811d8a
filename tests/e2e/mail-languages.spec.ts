import type { Page } from "@playwright/test";
import { REMINDER_CRON } from "../../app/domain/operations/crons";
import { expect, login, test, viewports, waitForHydration } from "./fixtures";
import { lastWorkingMorning } from "./reminder-time";

/**
 * The reminder mail in the recipient's language (issue 30, item 1; decision 0306): two seeded
 * people with reminders on who last updated more than three days before the seed ran and whom
 * no other spec uses (scripts/seed-data.ts), in the Stockholm offices: Johan Bergström chooses
 * Svenska on /settings, Axel Bergström English. The reminder cron then mails both (fired at the
 * same Stockholm morning as reminders.spec.ts and web-push.spec.ts, so whichever spec fires it
 * first, the others find the same mails), and each mail's HTML is rendered in the browser at
 * desktop and phone widths.
 */
const SWEDE = "johan.bergstrom.33@demo.test";
const BRIT = "axel.bergstrom.45@demo.test";
const ZONE = "Europe/Stockholm";

/** Signs in as `email` and saves `language` as their own on /settings (the page is in English until then). */
async function chooseLanguage(page: Page, email: string, language: "sv" | "en") {
  await login(page, email, { fresh: true });
  await page.goto("/settings");
  const picker = page.getByRole("combobox", { name: /^(Language of the app|Appens språk)$/ });
  await waitForHydration(picker);
  if ((await picker.inputValue()) !== language) {
    await picker.selectOption(language);
    await page.getByRole("button", { name: /^(Save language|Spara språk)$/ }).click();
    await expect(page.getByText(/^(Language saved\.|Språket är sparat\.)$/)).toBeVisible();
  }
  await page.context().clearCookies();
}

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** The newest mail to `to` in the development mailbox (its loader's JSON, which carries the HTML). */
async function latestMailTo(page: Page, to: string): Promise<MailboxMessage> {
  const response = await page.request.get(`/dev/mailbox?to=${encodeURIComponent(to)}&_data=routes%2Fdev.mailbox`);
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: MailboxMessage[] };
  expect(messages.length, `a mail to ${to}`).toBeGreaterThan(0);
  return messages[0]!;
}

/** The mail's HTML as the only document of a blank page (no app script left to touch it). */
async function render(page: Page, html: string) {
  await page.goto("about:blank");
  await page.setContent(html);
}

/** Renders the mail's HTML alone and saves it at both widths; nothing may be wider than the phone. */
async function screenshotMail(page: Page, html: string, name: string) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await render(page, html);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} at ${viewport.width} px is wider than the window`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/languages/${name}-${viewport.width}.png`, fullPage: true });
  }
}

test.describe("mails in the recipient's language", () => {
  test("the reminder mail asks in Swedish for a Swedish reader and in English for an English one", async ({ page }) => {
    await chooseLanguage(page, SWEDE, "sv");
    await chooseLanguage(page, BRIT, "en");

    const run = await page.request.get(`/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(REMINDER_CRON)}&time=${lastWorkingMorning(ZONE)}`);
    expect(run.status(), await run.text()).toBe(200);

    const swedish = await latestMailTo(page, SWEDE);
    expect(swedish.subject).toBe("Hur mycket har du att göra den här veckan?");
    expect(swedish.text).toContain("Hej Johan Bergström!");
    expect(swedish.html).toBeTruthy();
    await render(page, swedish.html!);
    expect(await page.locator("html").getAttribute("lang")).toBe("sv");
    await expect(page.getByText("Hur mycket har du att göra nu?", { exact: false })).toBeVisible();
    const answers = page.getByRole("link");
    await expect(answers).toHaveText(["Tillgänglig", "Viss tillgänglighet", "Upptagen", "Mycket upptagen", "Borta"]);
    await expect(page.getByText("Knapparna fungerar en gång, i 7 dagar.", { exact: false })).toBeVisible();
    await screenshotMail(page, swedish.html!, "reminder-mail-sv");

    const english = await latestMailTo(page, BRIT);
    expect(english.subject).toBe("How busy are you this week?");
    expect(english.html).toBeTruthy();
    await render(page, english.html!);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await expect(page.getByRole("link")).toHaveText(["Available", "Some availability", "Busy", "Seriously busy", "Away"]);
    await screenshotMail(page, english.html!, "reminder-mail-en");
  });
});
