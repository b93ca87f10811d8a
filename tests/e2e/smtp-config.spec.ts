import { expect, test } from "@playwright/test";
import { accounts, DEMO_PASSWORD, login, viewports, waitForHydration } from "./fixtures";

/**
 * Issue 9, item 4 and issue 26, item 5: a company admin whose sign-in is more than 10 minutes
 * old confirms a mail server change with their own password (the step-up, decision 0276).
 */
// Both widths change the same company's server: one after the other.
test.describe.configure({ mode: "serial" });

for (const viewport of Object.values(viewports)) {
  test(`the SMTP dialog asks for the company admin's password at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page, accounts.companyAdmin, { fresh: true });
    await page.goto("/groups");
    // Just signed in: the dialog asks nothing more.
    await waitForHydration(page.getByRole("button", { name: "SMTP configuration" }));
    await page.getByRole("button", { name: "SMTP configuration" }).click();
    await expect(page.getByRole("dialog", { name: "SMTP configuration" }).getByLabel("Host")).toBeVisible();
    await expect(page.getByLabel("Your password (to confirm the change)")).toHaveCount(0);
    // Eleven minutes on by the browser's clock the window has closed: the dialog asks, and the
    // server checks what is typed (a wrong password is refused even within its own window).
    await page.clock.install({ time: new Date(Date.now() + 11 * 60_000) });
    await page.goto("/groups");
    await waitForHydration(page.getByRole("button", { name: "SMTP configuration" }));
    await page.getByRole("button", { name: "SMTP configuration" }).click();
    const dialog = page.getByRole("dialog", { name: "SMTP configuration" });
    await dialog.getByLabel("Host").fill("smtp.demo-mail.se");
    // conform checks the field in the browser as it is left, with the server's schema.
    await dialog.getByLabel("Port").fill("70000");
    await dialog.getByLabel("Sender").focus();
    await expect(dialog.getByText("Needs to be a port number from 1 to 65535.")).toBeVisible();
    await dialog.getByLabel("Port").fill("587");
    await expect(dialog.getByText("Needs to be a port number from 1 to 65535.")).toHaveCount(0);
    await dialog.getByLabel("Sender").fill("Demo Law <no-reply@demo-mail.se>");
    const update = dialog.getByRole("button", { name: "Update" });
    await expect(update).toBeDisabled();
    const confirm = dialog.getByLabel("Your password (to confirm the change)");
    await confirm.fill("not-my-password");
    await update.click();
    await expect(dialog.getByText("Wrong password.")).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/smtp-dialog-${viewport.width}.png`, fullPage: true });

    const secure = dialog.getByLabel("Secure (TLS from the start)");
    await secure.check();
    await confirm.fill(DEMO_PASSWORD);
    await update.click();
    await expect(dialog.getByText("SMTP config updated.")).toBeVisible();
    // The form starts over from the saved server: the host and the box stay, both passwords are empty again.
    await expect(dialog.getByLabel("Host")).toHaveValue("smtp.demo-mail.se");
    await expect(secure).toBeChecked();
    await expect(confirm).toHaveValue("");
    await expect(update).toBeDisabled();
    // Back to the installation's server, so other tests' mail is unaffected.
    await confirm.fill(DEMO_PASSWORD);
    await expect(dialog.getByRole("button", { name: "Reset" })).toBeEnabled();
    await dialog.getByRole("button", { name: "Reset" }).click();
    await expect(dialog.getByText(/Custom SMTP config removed/)).toBeVisible();
    await expect(dialog.getByLabel("Host")).toHaveValue("");
    await expect(secure).not.toBeChecked();
  });
}
