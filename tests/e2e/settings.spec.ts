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
    await page.getByLabel("Name").fill("Nils Settings-Lindqvist");
    await page.getByLabel("Update Notifications").selectOption({ label: "After three days" });
    await page.getByLabel("Employed").selectOption("2019");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Name")).toHaveValue("Nils Settings-Lindqvist");
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
