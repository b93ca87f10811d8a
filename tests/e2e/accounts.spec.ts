import { expect, test, type Page } from "@playwright/test";
import { accounts, login, viewports, waitForHydration } from "./fixtures";

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
  await page.getByRole("searchbox").fill("Nora Newcomer");
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Pending");
  await expect(row.getByRole("button", { name: /Resend invite/ })).toBeVisible();

  // The invitee, in a browser of their own.
  const context = await browser.newContext();
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

  // The new password signs in; the link does not work twice.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("fresh-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname === "/home");
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
    await waitForHydration(header("Name").getByRole("button"));

    await expect(header("Name")).toHaveAttribute("aria-sort", "ascending");
    const names = await column(1);
    expect(names).toEqual(sorted(names, 1));
    await header("Name").getByRole("button").click();
    await expect(header("Name")).toHaveAttribute("aria-sort", "descending");
    expect(await column(1)).toEqual(sorted(names, -1));

    for (const [name, index] of [
      ["Title", 2],
      ["Group", 5],
      ["Office", 6],
      ["Status", 7],
    ] as const) {
      await header(name).getByRole("button").click();
      await expect(header(name)).toHaveAttribute("aria-sort", "ascending");
      const values = await column(index);
      expect(values, name).toEqual(sorted(values, 1));
      await header(name).getByRole("button").click();
      await expect(header(name)).toHaveAttribute("aria-sort", "descending");
      expect(await column(index), name).toEqual(sorted(values, -1));
    }

    await header("Admin").getByRole("button").click();
    await expect(header("Admin")).toHaveAttribute("aria-sort", "ascending");
    expect((await column(4)).slice(0, 3)).toEqual(["Company admin", "Admin", "Observer"]);

    // Email: e-mail ascending, e-mail descending, domain ascending, domain descending.
    const emailButton = header("Email").getByRole("button");
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
    await expect(dialog.getByText("Users with emails marked in red already exists. Remove them and try again.")).toBeVisible();
    await expect(dialog.locator("li[data-invalid]")).toContainText("employee@demo.test");

    await dialog.getByLabel("Emails").fill(fresh);
    await dialog.getByRole("button", { name: "Send invites" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("searchbox").fill(fresh);
    await expect(page.getByRole("row").filter({ hasText: fresh })).toContainText("Pending");
  });
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
