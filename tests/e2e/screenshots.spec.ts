import { stableId } from "../../scripts/stable-id";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/** Full-page screenshots for a person to look at: test-results/screenshots/{name}-{width}.png. */
const shots: { name: string; path: string; as?: string; heading: string; title?: string }[] = [
  { name: "login", path: "/login", heading: "Sign in to your account" },
  { name: "privacy", path: "/privacy", heading: "Privacy policy" },
  { name: "home", path: "/home", as: accounts.employee, heading: "Emil Employee", title: "Senior Associate" },
  { name: "home-admin", path: "/home", as: "admin@demo.test", heading: "Adam Administrator", title: "Office Manager" },
  { name: "home-observer", path: "/home", as: "observer@demo.test", heading: "Olivia Observer" },
  { name: "home-company-admin", path: "/home", as: accounts.companyAdmin, heading: "Cecilia Admin" },
  { name: "reset-used-link", path: "/reset/a-used-or-unknown-link", heading: "Reset Password" },
  { name: "groups", path: "/groups", as: accounts.companyAdmin, heading: "Demo Law" },
  { name: "office-new-york", path: `/offices/${stableId("office:New York")}`, as: accounts.companyAdmin, heading: "New York" },
  { name: "not-found", path: "/some/unknown/path", as: accounts.employee, heading: "Page not found" },
  { name: "settings-admin", path: "/settings", as: "admin@demo.test", heading: "Settings" },
];

for (const viewport of Object.values(viewports)) {
  test.describe(`screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, path, as, heading, title } of shots) {
      test(`${name}-${viewport.width}`, async ({ page }) => {
        if (as) await login(page, as);
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
        await page.evaluate(() => document.fonts.ready);

        if (path === "/home") {
          // Name, title and team stay readable beside or above the buttons: nothing cut, no column squeezed narrow.
          // The seed gives Emil and Adam a title, Olivia and Cecilia none; everyone has a team line.
          const header = page.getByRole("region", { name: heading });
          const titleLine = header.locator('h1 + p:not([data-testid="team"])');
          await expect(titleLine).toHaveText(title ? [title] : []);
          await expect(header.getByTestId("team")).toHaveCount(1);
          for (const text of [header.getByRole("heading", { level: 1 }), header.getByTestId("team"), ...(await titleLine.all())]) {
            const { cut, width } = await text.evaluate((node) => ({ cut: node.scrollWidth > node.clientWidth, width: node.clientWidth }));
            expect(cut, `"${await text.innerText()}" is cut`).toBe(false);
            expect(width, `room for "${await text.innerText()}" in px`).toBeGreaterThanOrEqual(200);
          }
        }

        // Nothing may stick out sideways: a horizontal scroll bar is a layout bug at any width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);

        await page.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage: true });
      });
    }
  });
}

/** Screens of issue 17: /users/all, the WFH overview and the forecast planner. */
for (const viewport of Object.values(viewports)) {
  test.describe(`overlay and admin screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });

    test(`users-all-${viewport.width}`, async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/users/all");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All users");
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/users-all-${viewport.width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Actions for Emil Employee" }).click();
      await expect(page.getByRole("menuitem", { name: "Edit" })).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/users-all-menu-${viewport.width}.png` });
    });

    test(`wfh-overview-and-planner-${viewport.width}`, async ({ page }) => {
      await login(page, "admin@demo.test");
      await page.goto("/home");
      const wfh = page.getByRole("button", { name: "WFH Overview" });
      await waitForHydration(wfh);
      await wfh.click();
      await expect(page.getByTestId("wfh-row").first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/wfh-overview-${viewport.width}.png` });
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await page.getByRole("button", { name: "Forecasts", exact: true }).click();
      await expect(page.getByTestId("planner-row").first()).toBeVisible();
      await page.screenshot({ path: `test-results/screenshots/planner-${viewport.width}.png` });
    });
  });
}
