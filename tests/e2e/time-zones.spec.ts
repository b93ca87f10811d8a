import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * Issue 16 in the browser: a Sydney person reading in en-AU and a New York person reading in
 * en-US (both seeded: sydney@demo.test, newyork@demo.test), each with the browser's own zone
 * and language set. The server's clock is the real one, so the expected day is computed here
 * from the same instant in the office's zone; the formats are checked by their shape, which
 * differs between the two locales and from en-GB.
 */
const people = [
  {
    email: "sydney@demo.test",
    name: "Sophie Sydney",
    zone: "Australia/Sydney",
    locale: "en-AU",
    // "Mon, 23 Nov": weekday, comma, day before month.
    shape: /^[A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2,3}$/,
    other: { name: "Nathan Newyork", zone: "America/New_York" },
  },
  {
    email: "newyork@demo.test",
    name: "Nathan Newyork",
    zone: "America/New_York",
    locale: "en-US",
    // "Mon, Nov 23": month before day.
    shape: /^[A-Z][a-z]{2}, [A-Z][a-z]{2,3} \d{1,2}$/,
    other: { name: "Sophie Sydney", zone: "Australia/Sydney" },
  },
] as const;

/** The day key of now in `zone`, and how `locale` writes that day. */
function todayIn(zone: string, locale: string) {
  const now = new Date();
  const key = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  const day = new Date(`${key}T00:00:00Z`);
  return {
    key,
    label: new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).format(day),
    weekday: new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(day),
  };
}

async function openHome(page: Page, name: string) {
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

for (const person of people) {
  test.describe(`${person.name} in ${person.zone}, reading ${person.locale}`, () => {
    test.use({ locale: person.locale, timezoneId: person.zone });

    test("the dashboard's today is the office's day, written in the reader's locale", async ({ page }) => {
      await login(page, person.email);
      await openHome(page, person.name);
      const today = todayIn(person.zone, person.locale);
      expect(await page.locator("html").getAttribute("lang")).toBe(person.locale);
      const card = page.getByTestId("today-card");
      await expect(card).toContainText(today.label);
      const shown = (await card.locator("span.text-xs").first().innerText()).trim();
      expect(shown).toMatch(person.shape);
      // The work-location week starts with TODAY, the office's day (index 0 = today's weekday); at the weekend there it
      // starts with the next Monday and has no TODAY.
      const weekend = [0, 6].includes(new Date(`${today.key}T00:00:00Z`).getUTCDay());
      await expect(page.getByRole("button", { name: /^This week TODAY: / })).toHaveCount(weekend ? 0 : 1);
      // Quick dates and the pickers follow the same day; after hydration nothing changed.
      await waitForHydration(card.getByRole("button").first());
      await expect(card).toContainText(today.label);
      // The page stays axe clean with its language set from the browser's.
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });

    test("the planner: their row's today is theirs, the colleague's row has the colleague's day", async ({ page }) => {
      await login(page, person.email);
      await openHome(page, person.name);
      const opener = page.getByRole("button", { name: "Absence planning", exact: true });
      await waitForHydration(opener);
      await opener.click();
      const planner = page.getByTestId("planner");
      await expect(planner.getByTestId("planner-row").first()).toBeVisible();
      const mine = todayIn(person.zone, person.locale);
      const theirs = todayIn(person.other.zone, person.locale);
      // The header marks the reader's today, named in their locale.
      const header = planner.locator(`[data-day="${mine.key}"]`);
      await expect(header).toHaveClass(/font-semibold/);
      await expect(header).toContainText(mine.weekday);
      // The viewer's row comes first; its placeholder is on their own day.
      const ownRow = planner.getByTestId("planner-row").first();
      await expect(ownRow.getByTestId("planner-today")).toHaveAttribute("data-start", mine.key);
      await expect(ownRow.getByTestId("planner-today").getByRole("button")).toHaveAttribute("aria-label", new RegExp(`today, .*${mine.label}`));
      // The colleague on another continent has their own today.
      const otherRow = planner.getByTestId("planner-row").filter({ hasText: person.other.name });
      const list = planner.getByTestId("planner-scroll");
      for (let i = 0; i < 40 && (await otherRow.count()) === 0; i++) await list.evaluate((node) => node.scrollBy(0, 300));
      await otherRow.scrollIntoViewIfNeeded();
      // The planner's days start with the reader's week: when the colleague's today is before it
      // (Sunday evening in Stockholm is Monday in Sydney), their row has no today to mark.
      if (await planner.locator(`[data-day="${theirs.key}"]`).count())
        await expect(otherRow.getByTestId("planner-today")).toHaveAttribute("data-start", theirs.key);
      else await expect(otherRow.getByTestId("planner-today")).toHaveCount(0);
    });

    for (const viewport of Object.values(viewports)) {
      test(`screenshots of the dashboard and the planner at ${viewport.width} px`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await login(page, person.email);
        await openHome(page, person.name);
        await page.evaluate(() => document.fonts.ready);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
        const slug = person.zone.split("/")[1].toLowerCase();
        await page.screenshot({ path: `test-results/screenshots/home-${slug}-${person.locale}-${viewport.width}.png`, fullPage: true });
        const opener = page.getByRole("button", { name: "Absence planning", exact: true });
        await waitForHydration(opener);
        await opener.click();
        await expect(page.getByTestId("planner").getByTestId("planner-row").first()).toBeVisible();
        await page.screenshot({ path: `test-results/screenshots/planner-${slug}-${person.locale}-${viewport.width}.png` });
      });
    }
  });
}
