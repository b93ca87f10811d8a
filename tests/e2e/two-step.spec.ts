import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { generateTOTP } from "@epic-web/totp";
import { accounts, DEMO_PASSWORD, expect, login, submitLoginForm, test, viewports, waitForHydration } from "./fixtures";

/**
 * Two-step sign-in (issue 31, item 1; decision 0298): an authenticator app set up in settings
 * and asked for after the password, and a passkey added in settings that then signs in on its
 * own, through Chromium's virtual authenticator (DevTools protocol). Generated demo people
 * (the last two with a password) that no other spec signs in as, so their factors change nobody else's sign-in.
 */

const TOTP = { algorithm: "SHA-1", digits: 6, period: 30 } as const;

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} - ${v.help}`));
}

async function shoot(page: Page, name: string) {
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    expect(await axe(page), `axe at ${viewport.width} px`).toEqual([]);
    await page.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
}

/** The next code of the app once the 30-second step of `after` has passed (a code works once). */
async function nextCode(page: Page, secret: string, after: number) {
  const wait = (Math.floor(after / 30_000) + 1) * 30_000 - Date.now() + 500;
  if (wait > 0) await page.waitForTimeout(wait);
  return (await generateTOTP({ ...TOTP, secret })).otp;
}

test("an authenticator app is set up in settings and asked for after the password", async ({ page }) => {
  test.setTimeout(240_000);
  const email = "mikael.bergstrom.59@demo.test";
  await login(page, email, { fresh: true });
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Two-step sign-in" });
  await expect(section).toContainText("Off");
  await section.getByRole("link", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Authenticator app" })).toBeVisible();
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  const key = page.locator("code");
  await expect(key).toBeVisible();
  const secret = (await key.innerText()).trim();
  await shoot(page, "two-step-authenticator-setup");

  const turnOn = page.getByRole("button", { name: "Turn on" });
  await waitForHydration(turnOn);
  await page.getByLabel("Code from the app").fill("000000");
  await turnOn.click();
  await expect(page.getByText("That code is not right. Enter the current code from your app.")).toBeVisible();
  const confirmedAt = Date.now();
  await page.getByLabel("Code from the app").fill((await generateTOTP({ ...TOTP, secret })).otp);
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await shoot(page, "two-step-recovery-codes");

  // Signed out, the password alone now leads to the code page.
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await shoot(page, "two-step-code-page");
  await page.getByLabel("Code from your authenticator app").fill("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toHaveText("That code is not right. Try the current code from your app, or a recovery code.");
  await page.getByLabel("Code from your authenticator app").fill(await nextCode(page, secret, confirmedAt));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Two-step sign-in" })).toContainText("On · 10 recovery codes left");

  // The company admin clears them: Mikael is told by mail, and his password alone signs him in again.
  await page.context().clearCookies();
  await login(page, accounts.companyAdmin, { fresh: true });
  await page.goto("/users/all");
  await page.getByRole("searchbox").fill("Mikael Bergström");
  const menu = page.getByRole("row").filter({ hasText: email }).getByRole("button", { name: "Actions for Mikael Bergström" });
  await waitForHydration(menu);
  await menu.click();
  await page.getByRole("menuitem", { name: "Clear two-step sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear two-step sign-in" });
  await expect(dialog).toContainText("Remove the authenticator app, recovery codes and passkeys of Mikael Bergström?");
  await shoot(page, "two-step-clear-dialog");
  await dialog.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Two-step sign-in cleared for Mikael Bergström");
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByText("Your Availability two-step sign-in was removed").first()).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/login");
  await submitLoginForm(page, email);
  await expect(page).toHaveURL(/\/home$/);
});

/**
 * A relying party is a domain: Chromium refuses a ceremony on an IP address (the app says so,
 * see PASSKEY_NEEDS_HOST_NAME), so this test uses the same server as http://localhost:<port>.
 */
test("a passkey added in settings signs in on its own (virtual authenticator)", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  const email = "frida.bergstrom.58@demo.test";
  await page.goto(`${site}/login`);
  await submitLoginForm(page, email);
  await page.goto(`${site}/settings`);
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section).toContainText("No passkeys yet");
  await section.getByLabel("Name for a new passkey (optional)").fill("Test laptop");
  const add = section.getByRole("button", { name: "Add a passkey" });
  await waitForHydration(add);
  await add.click();
  await expect(section.getByRole("list", { name: "Passkeys" })).toContainText("Test laptop");
  await expect(section).toContainText("not used yet");
  await section.scrollIntoViewIfNeeded();
  await shoot(page, "two-step-passkeys-settings");

  // Signed out: the passkey alone signs in (no e-mail, no password).
  await page.context().clearCookies();
  await page.goto(`${site}/login`);
  await shoot(page, "two-step-login-with-passkey");
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await waitForHydration(button);
  await button.click();
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`${site}/settings`);
  await expect(page.getByRole("region", { name: "Passkeys" })).toContainText("last used");

  // Renamed, then the password sign-in of a person with a passkey asks for it as the second factor.
  const keys = page.getByRole("list", { name: "Passkeys" });
  await keys.getByRole("button", { name: "Rename Test laptop" }).click();
  await keys.getByLabel("New name").fill("Work laptop");
  await keys.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("region", { name: "Passkeys" })).toContainText("Work laptop");
  await page.context().clearCookies();
  await page.goto(`${site}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/login\/second-factor$/);
  const usePasskey = page.getByRole("button", { name: "Use your passkey" });
  await waitForHydration(usePasskey);
  await usePasskey.click();
  await expect(page).toHaveURL(/\/home$/);
});
