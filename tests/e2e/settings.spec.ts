import AxeBuilder from "@axe-core/playwright";
import { DEMO_PASSWORD, expect, login, submitLoginForm, test, viewports, waitForHydration } from "./fixtures";

/** A generated person of the seed, so other specs' demo accounts keep their names and passwords. */
const PERSON = "nils.lindqvist.11@demo.test";

/** A 2×2 PNG (red), made by hand: signature, IHDR, IDAT, IEND. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==", "base64");

test.describe("personal settings", () => {
  test("change name, photo and password", async ({ page }) => {
    await login(page, PERSON, { fresh: true });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
    await waitForHydration(page.getByRole("button", { name: "Save", exact: true }));

    // Name
    await page.getByLabel("Name", { exact: true }).fill("Nils Settings-Lindqvist");
    await page.getByLabel("Update Notifications").selectOption({ label: "After three days" });
    await page.getByLabel("Employed").selectOption("2019");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Nils Settings-Lindqvist");
    await expect(page.getByLabel("Update Notifications")).toHaveValue("7");
    await expect(page.getByLabel("Employed")).toHaveValue("2019");
    await expect(page.getByRole("navigation", { name: "Main" }).locator("..").getByText("Nils Settings-Lindqvist").first()).toBeVisible();

    // Photo: previewed before it is saved, then served from our own picture path.
    await waitForHydration(page.getByLabel("Choose a picture"));
    await page.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByTestId("picture-preview").locator("img")).toHaveAttribute("src", /^blob:/);
    await page.getByRole("button", { name: "Save picture" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Profile picture saved" })).toBeVisible();
    await expect(page.getByTestId("picture-preview").locator("img")).toHaveAttribute("src", /\/api\/profilePicture\//);
    // Too large or the wrong kind is refused before anything is sent.
    await page.getByLabel("Choose a picture").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByRole("alert").filter({ hasText: "Use a JPEG or PNG picture." })).toBeVisible();

    // Password: the existing dialog, 'Password changed!' and closed after 2.5 s.
    await page.getByRole("button", { name: "Change password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.getByLabel("Old password").fill(DEMO_PASSWORD);
    await dialog.getByLabel("New password", { exact: true }).fill("a-new-settings-password-9");
    await dialog.getByLabel("Confirm new password").fill("a-new-settings-password-9");
    await dialog.getByRole("button", { name: "Change password" }).click();
    await expect(dialog.getByText("Password changed!")).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });

    await page.context().clearCookies();
    await page.goto("/login");
    await submitLoginForm(page, PERSON, "a-new-settings-password-9");
    await expect(page).not.toHaveURL(/\/login/);
  });

  test("confirm an e-mail change from the development mailbox; the old address is told", async ({ page }) => {
    const person = "gustav.lindqvist.13@demo.test";
    const newEmail = `gustav-${Date.now().toString(36)}@e2e.test`;
    await login(page, person, { fresh: true });
    await page.goto("/settings");
    await waitForHydration(page.getByRole("button", { name: "Save", exact: true }));
    await page.getByLabel("Email").fill(newEmail);
    await page.getByLabel("Current password (to change your e-mail)").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: `Open the link we sent to ${newEmail}` })).toBeVisible();
    await expect(page.getByTestId("pending-email")).toContainText(newEmail);
    await page.reload();
    // Nothing changed yet: the field still shows the old address.
    await expect(page.getByLabel("Email")).toHaveValue(person);

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(newEmail)}`);
    const link = page.locator('a[href*="/confirm-email/"]').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole("heading", { name: "Confirm your new e-mail" })).toBeVisible();
    await expect(page.getByText(newEmail)).toBeVisible();
    await page.getByRole("button", { name: "Confirm new e-mail" }).click();
    await expect(page.getByRole("status")).toHaveText(`Your e-mail is now ${newEmail}. Sign in with it from now on.`);
    // Used once.
    await page.reload();
    await expect(page.getByRole("alert")).toContainText("This confirmation link is no longer valid.");

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(person)}`);
    await expect(page.getByText("Your Availability e-mail address was changed").first()).toBeVisible();
    await page.context().clearCookies();
    await page.goto("/login");
    await submitLoginForm(page, newEmail, DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
  });

  test("the profile saved before the page's code arrives (or without it) says it saved, with the saved values", async ({ browser, baseURL }) => {
    // The profile form loads its code after the page's (decision 0292); a Save pressed before
    // then posts the server's markup as a plain form. Without JavaScript at all, the same.
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    await submitLoginForm(page, "david.lindqvist.25@demo.test");
    await page.goto("/settings");
    await page.getByLabel("Update Notifications").selectOption("7");
    await page.getByLabel("Title").fill("Senior Associate");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.getByLabel("Update Notifications")).toHaveValue("7");
    await expect(page.getByLabel("Title")).toHaveValue("Senior Associate");
    await context.close();
  });

  test("signed-in devices: sign out of the other devices", async ({ page, browser }) => {
    const person = "maja.lindqvist.14@demo.test";
    const phone = await browser.newContext({
      userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1",
    });
    const phonePage = await phone.newPage();
    await login(phonePage, person, { fresh: true });
    await login(page, person, { fresh: true });
    await page.goto("/settings");
    const devices = page.getByRole("list", { name: "Signed-in devices" });
    await expect(devices.getByRole("listitem").first()).toContainText("This device");
    await expect(devices.getByText("Safari on iPhone")).toBeVisible();
    const signOut = page.getByRole("button", { name: "Sign out of other devices" });
    await waitForHydration(signOut);
    await signOut.click();
    await expect(page.getByRole("status").filter({ hasText: /Signed out of \d+ other devices?/ })).toBeVisible();
    await expect(devices.getByText("Safari on iPhone")).toBeHidden();
    await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
    await phonePage.goto("/settings");
    await expect(phonePage).toHaveURL(/\/login/);
    await phone.close();
  });

  test("calendar feed: create, copy and renew the secret address; the feed is iCalendar", async ({ page, request }) => {
    await login(page, "linnea.lindqvist.12@demo.test", { fresh: true });
    await page.goto("/settings");
    const create = page.getByRole("button", { name: "Create calendar address" });
    await waitForHydration(create);
    await create.click();
    const address = page.getByLabel("Your calendar address");
    await expect(address).toHaveValue(/\/calendar\/[0-9a-f]{24}\.[0-9a-f]{24}\/[\w-]+\.ics$/);
    const first = await address.inputValue();
    const feed = await request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    await page.getByRole("button", { name: "New secret address" }).click();
    await expect(address).not.toHaveValue(first);
    expect((await request.get(first)).status()).toBe(404);
    expect((await request.get(await address.inputValue())).status()).toBe(200);
  });

  test("team calendar feed: an administrator picks offices and groups, gets the address and renews it", async ({ page, request }) => {
    await login(page, "companyadmin@demo.test", { fresh: true });
    await page.goto("/settings");
    const block = page.getByRole("region", { name: "Team calendar feed" });
    const create = block.getByRole("button", { name: "Create team calendar address" });
    await waitForHydration(create);
    // At least one of each: with no group ticked, it says so and makes nothing.
    const groups = block.getByRole("group", { name: "Groups" }).getByRole("checkbox");
    for (const box of await groups.all()) await box.uncheck();
    await create.click();
    await expect(block.getByRole("alert")).toHaveText("Choose at least one group.");
    await expect(block.getByLabel("Team calendar address")).toHaveCount(0);
    // The Stockholm offices (one per group in the seed) and Corporate & M&A only.
    const offices = block.getByRole("group", { name: "Offices" });
    for (const box of await offices.getByRole("checkbox").all()) await box.uncheck();
    for (const box of await offices.getByRole("checkbox", { name: /^Stockholm \(/ }).all()) await box.check();
    await block.getByRole("group", { name: "Groups" }).getByRole("checkbox", { name: "Corporate & M&A" }).check();
    await create.click();
    const address = block.getByLabel("Team calendar address");
    await expect(address).toHaveValue(/\/calendar\/[0-9a-f]{24}\.[0-9a-f]{24}\/[\w-]+\.ics$/);
    const first = await address.inputValue();
    const feed = await request.get(first);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
    expect(text).toContain("X-WR-CALNAME:Demo Law: team availability");
    // Emil Employee is in Stockholm, Corporate & M&A.
    expect(text).toMatch(/SUMMARY:Emil Employee: /);

    for (const viewport of Object.values(viewports)) {
      await page.setViewportSize(viewport);
      await block.scrollIntoViewIfNeeded();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await block.screenshot({ path: `test-results/screenshots/settings-team-feed-${viewport.width}.png` });
    }
    await page.setViewportSize(viewports.desktop);

    await block.getByRole("button", { name: "New secret team address" }).click();
    await expect(address).not.toHaveValue(first);
    expect((await request.get(first)).status()).toBe(404);
    expect((await request.get(await address.inputValue())).status()).toBe(200);
  });

  for (const viewport of Object.values(viewports)) {
    test(`is axe clean, screenshot at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await login(page, "employee@demo.test");
      await page.goto("/settings");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
      await page.evaluate(() => document.fonts.ready);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
      expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/screenshots/settings-${viewport.width}.png`, fullPage: true });
    });
  }
});
