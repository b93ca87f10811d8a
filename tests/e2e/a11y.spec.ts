import type { BrowserContext, Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";
import { axeViolations } from "./axe";

const pages: { path: string; as?: string; heading: string | RegExp }[] = [
  { path: "/login", heading: "Sign in to your account" },
  { path: "/privacy", heading: "Privacy policy" },
  { path: "/home", as: accounts.employee, heading: "Emil Employee" },
  { path: "/groups", as: accounts.companyAdmin, heading: "Demo Law" },
  { path: "/users", as: "admin@demo.test", heading: /./ },
  { path: "/users/all", as: accounts.companyAdmin, heading: /./ },
  { path: "/operator", as: "operator@demo.test", heading: /./ },
  { path: "/signup/demo-invite-token", heading: /./ },
  { path: "/reset/not-a-real-reset-link", heading: /./ },
  { path: "/overview", as: accounts.companyAdmin, heading: "Team overview" },
];

for (const [size, viewport] of Object.entries(viewports)) {
  test.describe(`axe, ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { path, as, heading } of pages) {
      test(`${path} has no WCAG 2 A/AA violations (${size})`, async ({ page }) => {
        if (as) await login(page, as);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);

        expect(await axeViolations(page)).toEqual([]);
      });
    }

    test(`/groups/{id} and /offices/{id} have no WCAG 2 A/AA violations (${size})`, async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/groups");
      await page.locator('a[href^="/groups/"]').first().click();
      await expect(page).toHaveURL(/\/groups\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('a[href^="/offices/"]').first().click();
      await expect(page).toHaveURL(/\/offices\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    // What opens on top of a screen is checked open: dialogs, menus and list boxes.
    test(`open dialogs and menus have no WCAG 2 A/AA violations (${size})`, async ({ browser }) => {
      test.setTimeout(120_000);
      let page!: Page;
      const contexts: BrowserContext[] = [];
      // One context per account, each closed before the next (an open realtime socket left
      // to the end of the test makes wrangler dev drop its listener).
      const signIn = async (email: string) => {
        for (const context of contexts.splice(0)) await context.close();
        const context = await browser.newContext({ viewport });
        contexts.push(context);
        page = await context.newPage();
        await login(page, email);
      };
      const check = async (what: string, options?: { landmarks: boolean }) => expect(await axeViolations(page, options), what).toEqual([]);

      await signIn(accounts.companyAdmin);
      await page.goto("/users/all");
      const actions = page.getByRole("button", { name: "Actions for Emil Employee" });
      await waitForHydration(actions);
      await actions.click();
      await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
      await check("/users/all with a row menu open", { landmarks: true });
      await page.getByRole("menuitem", { name: "Edit" }).click();
      await expect(page.getByRole("dialog", { name: "Edit user" })).toBeVisible();
      await check("the Edit user dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Invite", exact: true }).click();
      await expect(page.getByRole("dialog", { name: "Invite new administrators/employees" })).toBeVisible();
      await check("the Invite dialog");
      await page.keyboard.press("Escape");

      await page.goto("/overview");
      await waitForHydration(page.getByTestId("team-filter"));
      await page.getByTestId("team-filter").click();
      await expect(page.getByRole("listbox")).toBeVisible();
      await check("/overview with the team filter open", { landmarks: true });

      await signIn("erik.lindqvist.1@demo.test");
      await page.goto("/home");
      const add = page.getByRole("button", { name: "Add Forecast", exact: true });
      await waitForHydration(add);
      await add.click();
      await expect(page.getByRole("dialog", { name: "Add Forecast" })).toBeVisible();
      await check("the forecast editor");
      await page.keyboard.press("Escape");

      await signIn("admin@demo.test");
      await page.goto("/home");
      const wfh = page.getByRole("button", { name: "WFH Overview" });
      await waitForHydration(wfh);
      await wfh.click();
      await expect(page.getByTestId("wfh-row").first()).toBeVisible();
      await check("the WFH overview");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("button", { name: "Forecasts", exact: true }).click();
      await expect(page.getByTestId("planner-row").first()).toBeVisible();
      await check("the forecast planner");
      await page.keyboard.press("Escape");
      for (const context of contexts) await context.close();
    });
  });
}
