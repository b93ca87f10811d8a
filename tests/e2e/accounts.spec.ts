import type { Page } from "@playwright/test";
import { DEMO_TITLE_RANKING } from "../../scripts/seed-constants";
import { accounts, allowConsoleErrors, expect, login, test, viewports, waitForHydration } from "./fixtures";

/** Accounts and administration through the real UI: invites, sign-up, password reset, the user table. */

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}@e2e.test`;

/** Opens the newest mail to `to` in the development mailbox and follows its link. */
async function followMailedLink(page: Page, to: string, linkPart: "/signup/" | "/reset/") {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const link = page.locator(`a[href*="${linkPart}"]`).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(linkPart));
}

test("a company admin invites an employee, who signs up through the mailed link and lands on /home", async ({ page, browser }) => {
  const email = unique("invitee");
  await login(page, accounts.companyAdmin);
  await page.goto("/users/all");
  const invite = page.getByRole("button", { name: "Invite", exact: true });
  await waitForHydration(invite);
  await invite.click();
  const dialog = page.getByRole("dialog", { name: "Invite new administrators/employees" });
  await dialog.getByLabel("Name").fill("Nora Newcomer");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send invite" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast")).toHaveText("Invitation sent to Nora Newcomer");
  await page.getByRole("searchbox").fill("Nora Newcomer");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: /Resend invite/ })).toBeVisible();

  // The invitee, in a browser of their own, on a phone.
  const context = await browser.newContext({ viewport: viewports.phone });
  const invitee = await context.newPage();
  await followMailedLink(invitee, email, "/signup/");
  await expect(invitee.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  const create = invitee.getByRole("button", { name: "Create account" });
  await waitForHydration(create);
  await create.click();
  await expect(invitee.getByText("This field is required.").first()).toBeVisible();
  await invitee.getByLabel("Title").fill("Associate");
  await invitee.getByLabel("Password", { exact: true }).fill("newcomer-pass");
  await invitee.getByLabel("Confirm password").fill("something-else");
  await create.click();
  await expect(invitee.getByText("Passwords don't match")).toBeVisible();
  await invitee.getByLabel("Confirm password").fill("newcomer-pass");
  await create.click();
  await invitee.waitForURL((url) => url.pathname === "/home");
  await expect(invitee.getByRole("status").filter({ hasText: "Welcome! Your account is ready." })).toBeVisible();
  await expect(invitee.getByRole("heading", { name: "Nora Newcomer", level: 1 })).toBeVisible();
  // Welcome once: no "Welcome back" under the welcome, and the message leaves the navigation free.
  await expect(invitee.getByText(/Welcome back/)).toHaveCount(0);
  const toast = (await invitee.getByTestId("toast").getByText("Welcome! Your account is ready.").boundingBox())!;
  // On a phone the side bar (and its navigation) is hidden: the top bar's navigation is the one there is.
  const nav = invitee.getByRole("navigation", { name: "Main" });
  await expect(nav).toHaveCount(1);
  const box = (await nav.boundingBox())!;
  const overlaps = toast.x < box.x + box.width && box.x < toast.x + toast.width && toast.y < box.y + box.height && box.y < toast.y + toast.height;
  expect(overlaps, "the welcome covers the navigation").toBe(false);
  await invitee.screenshot({ path: "test-results/screenshots/welcome-toast-390.png" });
  await context.close();

  await page.reload();
  await page.getByRole("searchbox").fill(email);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Active");
});

test("a person resets a forgotten password through the mailed link", async ({ page }) => {
  const email = "maria.lindqvist.2@demo.test";
  await page.goto("/login");
  const forgot = page.getByRole("button", { name: "Forgot password" });
  await waitForHydration(forgot);
  await forgot.click();
  const dialog = page.getByRole("dialog", { name: "Forgot password" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await forgot.click();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Reset link sent");

  await followMailedLink(page, email, "/reset/");
  const resetLink = page.url();
  await expect(page.getByRole("heading", { name: "Reset Password" })).toBeVisible();
  const reset = page.getByRole("button", { name: "Reset" });
  await waitForHydration(reset);
  await expect(page.getByText("Choose a new password of at least 12 characters.")).toBeVisible();
  // One of the most common breached passwords is refused on its field, and the link still works.
  await page.getByLabel("Password", { exact: true }).fill("qwerty123456");
  await page.getByLabel("Confirm password").fill("qwerty123456");
  await reset.click();
  await expect(page.getByText("This password is too common: it appears in lists of breached passwords. Choose another.")).toBeVisible();
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screenshots/reset-common-password-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
  await page.getByLabel("Password", { exact: true }).fill("fresh-password-1");
  await page.getByLabel("Confirm password").fill("fresh-password-2");
  await reset.click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("Confirm password").fill("fresh-password-1");
  await reset.click();
  await page.waitForURL((url) => url.pathname === "/home");
  await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();

  // The new password signs in; the link does not work twice. (Chromium logs the open page's
  // realtime socket being refused once the cookie is gone.)
  allowConsoleErrors(page, /WebSocket connection to .* Unexpected response code: 40[13]/);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("fresh-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/home");

  // The used link says why, and still says it once the browser has taken over the page.
  await page.context().clearCookies();
  await page.goto(resetLink);
  const message = page.getByRole("alert");
  await waitForHydration(page.getByRole("link", { name: "Go to sign in" }));
  await expect(message).toHaveText("This reset link is invalid or has expired. Ask for a new link with ‘Forgot password’ on the sign-in page.");
});

test.describe("the /users/all table", () => {
  test("sorts by every column, the e-mail header in four steps, and filters by search", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/users/all");
    const table = page.getByRole("table", { name: "All users" });
    const header = (name: string) => table.getByRole("columnheader", { name: new RegExp(`^${name}`) });
    const column = async (index: number) => (await table.locator(`tbody tr td:nth-child(${index})`).allInnerTexts()).map((text) => text.trim());
    const sorted = (values: string[], dir: 1 | -1) =>
      [...values].sort((a, b) => dir * a.localeCompare(b, "en", { sensitivity: "base", numeric: true }));
    await waitForHydration(header("Name").getByRole("link"));

    await expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    const names = await column(1);
    expect(names).toEqual(sorted(names, 1));
    await header("Name").getByRole("link").click();
    await expect(header("Name")).toHaveAttribute("aria-sort", "descending");
    expect(await column(1)).toEqual(sorted(names, -1));

    // Titles follow Demo Law's ranking (most senior first), then the rest alphabetically.
    await header("Title").getByRole("link").click();
    await expect(header("Title")).toHaveAttribute("aria-sort", "ascending");
    const titles = await column(2);
    const rankOf = (title: string) => DEMO_TITLE_RANKING.indexOf(title) + 1 || DEMO_TITLE_RANKING.length + 1;
    const ranked = [...titles].sort((a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b, "en", { sensitivity: "base", numeric: true }));
    expect(titles).toEqual(ranked);
    expect(titles.indexOf("Partner")).toBeLessThan(titles.indexOf("Associate"));
    await header("Title").getByRole("link").click();
    await expect(header("Title")).toHaveAttribute("aria-sort", "descending");
    expect(await column(2)).toEqual([...ranked].reverse());

    for (const [name, index] of [
      ["Group", 5],
      ["Office", 6],
      ["Status", 7],
    ] as const) {
      await header(name).getByRole("link").click();
      await expect(header(name)).toHaveAttribute("aria-sort", "ascending");
      const values = await column(index);
      expect(values, name).toEqual(sorted(values, 1));
      await header(name).getByRole("link").click();
      await expect(header(name)).toHaveAttribute("aria-sort", "descending");
      expect(await column(index), name).toEqual(sorted(values, -1));
    }

    await header("Admin").getByRole("link").click();
    await expect(header("Admin")).toHaveAttribute("aria-sort", "ascending");
    expect((await column(4)).slice(0, 3)).toEqual(["Company admin", "Admin", "Observer"]);

    // Email: e-mail ascending, e-mail descending, domain ascending, domain descending.
    const emailButton = header("Email").getByRole("link");
    await emailButton.click();
    const emails = await column(3);
    expect(emails).toEqual(sorted(emails, 1));
    await emailButton.click();
    expect(await column(3)).toEqual(sorted(emails, -1));
    await emailButton.click();
    await expect(emailButton).toContainText("(domain)");
    const domains = (await column(3)).map((email) => email.split("@")[1]);
    expect(domains).toEqual(sorted(domains, 1));
    await emailButton.click();
    expect((await column(3)).map((email) => email.split("@")[1])).toEqual(sorted(domains, -1));
    await emailButton.click();
    await expect(emailButton).not.toContainText("(domain)");

    // Search: name, e-mail, group and office names.
    const search = page.getByRole("searchbox");
    await search.fill("Emil Employee");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await search.fill("observer@demo");
    await expect(table.locator("tbody tr")).toHaveCount(1);
    await search.fill("Malmö");
    const offices = await column(6);
    expect(offices.length).toBeGreaterThan(0);
    expect(offices.every((office) => office.includes("Malmö"))).toBe(true);
    await search.fill("no such person at all");
    await expect(page.getByText("No matches.")).toBeVisible();
  });

  test("'Invite multiple' marks invalid and existing e-mails with the spec's messages", async ({ page }) => {
    await login(page, accounts.companyAdmin);
    await page.goto("/users/all");
    const open = page.getByRole("button", { name: "Invite multiple" });
    await waitForHydration(open);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Invite new administrators/employees" });
    await dialog.getByLabel("Names").fill("Good Person; Bad Address");
    await dialog.getByLabel("Emails").fill(`${unique("good")}; not-an-email`);
    await expect(dialog.getByText("Make sure all emails entered are valid. Invalid ones are marked as red in the list above.")).toBeVisible();
    await expect(dialog.locator("li[data-invalid]")).toHaveText("Bad Address · not-an-email");
    await expect(dialog.getByRole("button", { name: "Send invites" })).toBeDisabled();

    const fresh = unique("fresh");
    await dialog.getByLabel("Emails").fill(`${fresh}; employee@demo.test`);
    await dialog.getByRole("button", { name: "Send invites" }).click();
    await expect(dialog.getByText("Users with emails marked in red already exist. Remove them and try again.")).toBeVisible();
    await expect(dialog.locator("li[data-invalid]")).toContainText("employee@demo.test");

    const second = unique("second");
    await dialog.getByLabel("Names").fill("Good Person; Second Person");
    await dialog.getByLabel("Emails").fill(`${fresh}; ${second}`);
    await dialog.getByRole("button", { name: "Send invites" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast")).toHaveText("Invitation sent to 2 people");
    await page.getByRole("searchbox").fill(fresh);
    await expect(page.getByRole("row").filter({ hasText: fresh })).toContainText("Pending");
  });
});

test("the README's path for invited@demo.test: the seeded invite mail is in /dev/mailbox and its link opens the sign-up", async ({ page }) => {
  await followMailedLink(page, "invited@demo.test", "/signup/");
  expect(new URL(page.url()).pathname).toBe("/signup/demo-invite-token");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue("invited@demo.test");
});

test("editing a person, changing their rights and resending an invite each confirm in the toast", async ({ page }) => {
  await login(page, accounts.companyAdmin);
  await page.goto("/users/all");
  const search = page.getByRole("searchbox");
  await waitForHydration(search);
  await search.fill("elin.lindqvist.8@demo.test");
  const row = page.getByRole("row").filter({ hasText: "elin.lindqvist.8@demo.test" });
  await row.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit user" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveText("Saved");

  await row.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Make admin" }).click();
  await expect(toast).toHaveText("Elin Lindqvist is now an admin");
  await row.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Remove admin priviliges" }).click();
  await expect(toast).toHaveText("Admin privileges removed from Elin Lindqvist");

  // A pending person of this test's own (the seed's invite link stays as the README gives it).
  const email = unique("pending");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invite new administrators/employees" });
  await invite.getByLabel("Name").fill("Pat Pending");
  await invite.getByLabel("Email").fill(email);
  await invite.getByRole("button", { name: "Send invite" }).click();
  await expect(toast).toHaveText("Invitation sent to Pat Pending");
  await toast.getByRole("button", { name: "Dismiss" }).click();
  await expect(toast).toHaveText("");
  await search.fill(email);
  await page.getByRole("button", { name: "Resend invite to Pat Pending" }).click();
  await expect(toast).toHaveText("Invitation sent to Pat Pending");
  await expect(page.getByRole("button", { name: "Resend invite to Pat Pending" })).toBeEnabled();
});

for (const viewport of Object.values(viewports)) {
  test.describe(`account screenshots at ${viewport.width} px`, () => {
    test.use({ viewport });

    const shoot = async (page: Page, name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage: name === "signup" });
    };

    test(`users-all, invite dialog and signup at ${viewport.width}`, async ({ page }) => {
      await login(page, accounts.companyAdmin);
      await page.goto("/users/all");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("All users");
      await shoot(page, "users-all");

      const invite = page.getByRole("button", { name: "Invite", exact: true });
      await waitForHydration(invite);
      await invite.click();
      await expect(page.getByRole("dialog", { name: "Invite new administrators/employees" })).toBeVisible();
      await shoot(page, "invite-dialog");

      await page.context().clearCookies();
      await page.goto("/signup/demo-invite-token");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
      await shoot(page, "signup");
    });
  });
}
