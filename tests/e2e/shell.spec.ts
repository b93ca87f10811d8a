import { accounts, expect, login, test, viewports } from "./fixtures";

test.describe("at 1280 px", () => {
  test.use({ viewport: viewports.desktop });

  test("the side bar holds the main navigation and the top bar is hidden", async ({ page }) => {
    await login(page, accounts.employee);
    await page.goto("/home");

    const sideNav = page.locator("aside").getByRole("navigation", { name: "Main" });
    await expect(sideNav).toBeVisible();
    await expect(sideNav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(sideNav.getByRole("link", { name: "Dashboard" })).toHaveText("Dashboard");
    await expect(page.locator("header")).toBeHidden();
    await expect(page.getByRole("button", { name: "Logout" })).toHaveText("Logout");
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: viewports.phone });

  test("the side bar gives way to a top bar with icon links", async ({ page }) => {
    await login(page, accounts.employee);
    await page.goto("/home");

    await expect(page.locator("aside")).toBeHidden();
    const topNav = page.locator("header").getByRole("navigation", { name: "Main" });
    await expect(topNav).toBeVisible();

    const dashboard = topNav.getByRole("link", { name: "Dashboard" });
    const logout = topNav.getByRole("button", { name: "Logout" });
    await expect(dashboard).toBeVisible();
    await expect(logout).toBeVisible();
    // Icons only: the names are for assistive technology and tooltips, not printed.
    await expect(dashboard).toHaveText("");
    await expect(logout).toHaveText("");
    // The top bar fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  });
});

test("a company admin reaches the company page from the navigation", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  // A company admin without the admin flag lands on the dashboard, not the company page.
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cecilia Admin");

  const nav = page.locator("aside").getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Company" }).click();

  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demo Law");
  await expect(nav.getByRole("link", { name: "Company" })).toHaveAttribute("aria-current", "page");

  const administrators = page.getByRole("region", { name: "Administrators" });
  const groups = page.getByRole("region", { name: "Groups" });
  const levels = page.getByRole("region", { name: "Skill levels" });
  await expect(administrators).toBeVisible();
  await expect(groups).toBeVisible();
  await expect(levels).toBeVisible();
  await expect(administrators).toContainText("Cecilia Admin");
  await expect(groups.getByRole("listitem")).toHaveCount(3);
  await expect(groups).toContainText("Corporate & M&A");
  await expect(levels.getByRole("listitem")).toHaveText([/Beginner/, /Intermediate/, /Advanced/, /Expert/]);
  // Only this company's data: the other firm in the database never shows up.
  await expect(page.getByText(/other\.test|Other Firm/)).toHaveCount(0);
});

test("an employee has no company link and is told /groups is for administrators", async ({ page }) => {
  await login(page, accounts.employee);
  await page.goto("/home");
  const nav = page.locator("aside").getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Company" })).toHaveCount(0);

  // The 403 page with the reason and the way home (decision 0264), inside the shell.
  const response = await page.goto("/groups");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("This page is for administrators.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emil Employee");
});

test("the first Tab reaches Skip to content, which jumps to the page content", async ({ page }) => {
  await login(page, accounts.employee);
  await page.goto("/home");

  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.locator("main#main")).toBeInViewport();
});

test("an error inside the app keeps the navigation: a group of another company is a 404 within the shell", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  const response = await page.goto("/groups/no-such-group");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  const nav = page.locator("aside").getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Company" })).toBeVisible();
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
