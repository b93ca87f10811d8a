import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accounts, expect, login, test, viewports, waitForHydration } from "./fixtures";

/**
 * Issue 15: single sign-on through the loopback SAML IdP (tests/fakes/saml-idp-server.ts,
 * seeded as Demo Law's), firm-domain routing on /login, and the SSO/SAML2 dialog.
 */
async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

for (const viewport of Object.values(viewports)) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });

    test("'Sign in with SSO' signs in through the local IdP", async ({ page }) => {
      await page.goto("/login");
      await waitForHydration(page.getByLabel("E-mail"));
      await page.getByLabel("E-mail").fill(accounts.employee);
      await page.getByRole("button", { name: "Sign in with SSO" }).click();
      // demo.test is not a verified firm domain: the page answers the same for anyone, and the
      // person's own firm's sign-in link comes by mail (issue 26, item 4).
      await expect(page.getByRole("status")).toContainText("we have e-mailed it a link to sign in");
      await page.screenshot({ path: `test-results/screenshots/login-sso-link-sent-${viewport.width}.png`, fullPage: true });
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(accounts.employee)}`);
      const link = page.locator('a[href*="/sso/login"]').first();
      await expect(link).toBeVisible();
      await link.click();
      // The loopback IdP's page, with the address as its login hint.
      await expect(page.getByRole("heading", { name: "Loopback identity provider" })).toBeVisible();
      await expect(page.getByLabel("E-mail")).toHaveValue(accounts.employee);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL("**/home");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test("a firm's domain shows 'Login through Demo Law' and hides the password", async ({ page }) => {
      await page.goto("/login");
      await waitForHydration(page.getByLabel("E-mail"));
      await page.getByLabel("E-mail").fill("new.partner@demolaw.test");
      const link = page.getByRole("link", { name: "Login through Demo Law" });
      await expect(link).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Login", exact: true })).toHaveCount(0);
      await axeClean(page);
      await page.screenshot({ path: `test-results/screenshots/login-through-firm-${viewport.width}.png`, fullPage: true });
      // Another address brings the password back.
      await page.getByLabel("E-mail").fill("someone@elsewhere.test");
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
      await page.getByLabel("E-mail").fill("new.partner@demolaw.test");
      await link.click();
      await expect(page.getByRole("heading", { name: "Loopback identity provider" })).toBeVisible();
      await expect(page.getByLabel("E-mail")).toHaveValue("new.partner@demolaw.test");
      // Federation is on for Demo Law: the new partner gets an account on first sign-in.
      await page.getByLabel("Name").fill(`New Partner ${viewport.width}`);
      await page.getByLabel("E-mail").fill(`new.partner.${viewport.width}@demolaw.test`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL("**/home");
    });

    test("a domain of another installation leads there, carrying the e-mail", async ({ page }) => {
      await page.route("https://us.availability.example/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><html lang=en><title>US</title><main><h1>US installation</h1></main></html>",
        }),
      );
      await page.goto("/login");
      await waitForHydration(page.getByLabel("E-mail"));
      await page.getByLabel("E-mail").fill("partner@uslaw.test");
      const link = page.getByRole("link", { name: "Login through us.availability.example" });
      await expect(link).toBeVisible();
      await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
      await link.click();
      await page.waitForURL("https://us.availability.example/login?email=partner%40uslaw.test");
    });

    test("the SSO/SAML2 dialog shows the certificate, the URLs to copy, and saves", async ({ page }) => {
      await login(page, accounts.companyAdmin, { fresh: true });
      await page.goto("/groups");
      // The opener is a client-side button: a click before React hydrated the page does nothing.
      await waitForHydration(page.getByRole("button", { name: "SSO configuration" }));
      await page.getByRole("button", { name: "SSO configuration" }).click();
      const dialog = page.getByRole("dialog", { name: "SSO/SAML2 configuration" });
      await expect(dialog.getByText(/Saved: CN=Availability test idp, O=Test, expires 2036-11-22/)).toBeVisible();
      await expect(dialog.getByLabel("Assertion URL (give this to your IdP)")).toHaveValue(/\/api\/v2\/company\/[0-9a-f]{24}\/sso$/);
      await expect(dialog.getByLabel("SP metadata URL")).toHaveValue(/\/sso\/metadata$/);
      await expect(dialog.getByLabel("E-mail domains (comma-separated)")).toHaveValue("demolaw.test");
      await dialog.getByLabel("IdP certificate").fill("not a certificate");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText("This is not an X.509 certificate in PEM (or base64) form.")).toBeVisible();
      await axeClean(page);
      await page.screenshot({ path: `test-results/screenshots/sso-dialog-${viewport.width}.png`, fullPage: true });
      // The test button's round trip, in a new window: verified, nobody signed in.
      await dialog.getByLabel("IdP certificate").fill("");
      const popupPromise = page.waitForEvent("popup");
      await dialog.getByRole("link", { name: "Test sign-in in a new window" }).click();
      const popup = await popupPromise;
      await popup.getByLabel("E-mail").fill("employee@demo.test");
      await popup.getByRole("button", { name: "Sign in" }).click();
      await expect(popup.getByRole("heading", { name: "Single sign-on works" })).toBeVisible();
      await expect(popup.getByText("Corporate")).toBeVisible();
      await popup.close();
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("SSO config updated.")).toBeVisible();
    });

    test("the SSO dialog shows each domain's state and checks the DNS records now (decision 0250)", async ({ page, baseURL }) => {
      // Three saves and three checks, each a round trip and a revalidation of /groups.
      test.slow();
      // The e2e server's loopback DNS-over-HTTPS resolver (tests/fakes/doh-server.ts) on $PORT + 200.
      const doh = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 200}`;
      const extra = `demolaw-${viewport.width}.test`;
      await login(page, accounts.companyAdmin, { fresh: true });
      await page.goto("/groups");
      await waitForHydration(page.getByRole("button", { name: "SSO configuration" }));
      const open = async () => {
        await page.getByRole("button", { name: "SSO configuration" }).click();
        return page.getByRole("dialog", { name: "SSO/SAML2 configuration" });
      };
      let dialog = await open();
      const states = dialog.getByRole("list", { name: "Domain verification" });
      // The seeded domain is proven by the record the resolver publishes for Demo Law.
      await expect(states.getByRole("listitem")).toHaveText(["demolaw.test: verified"]);
      await dialog.getByRole("button", { name: "Check now" }).click();
      await expect(dialog.getByRole("status")).toHaveText("All domains verified.");
      await expect(states.getByRole("listitem")).toHaveText(["demolaw.test: verified"]);

      // A new domain starts pending, with the record to publish.
      await dialog.getByLabel("E-mail domains (comma-separated)").fill(`demolaw.test, ${extra}`);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("SSO config updated.")).toBeVisible();
      dialog = await open();
      const pending = states.getByRole("listitem").filter({ hasText: extra });
      await expect(pending).toContainText(`${extra}: pending`);
      const record = (await pending.locator("code").textContent())!;
      expect(record).toMatch(/^availability-verification=[0-9a-f]{32}$/);
      await page.screenshot({ path: `test-results/screenshots/sso-domains-pending-${viewport.width}.png`, fullPage: true });

      // Not published yet: the check says so.
      await dialog.getByRole("button", { name: "Check now" }).click();
      await expect(dialog.getByRole("status")).toHaveText("1 of 2 domains not verified yet.");
      await expect(pending).toContainText(`${extra}: not verified`);
      await expect(pending).toContainText(`No TXT record ${record} found at ${extra} yet.`);
      await axeClean(page);
      await page.screenshot({ path: `test-results/screenshots/sso-domains-failed-${viewport.width}.png`, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // Published: verified.
      const published = await page.request.post(`${doh}/_fake/records`, { data: { name: extra, type: "TXT", data: record } });
      expect(published.ok()).toBe(true);
      await dialog.getByRole("button", { name: "Check now" }).click();
      await expect(dialog.getByRole("status")).toHaveText("All domains verified.");
      // In the domains' order: "demolaw-390.test" sorts before "demolaw.test".
      await expect(states.getByRole("listitem")).toHaveText([`${extra}: verified`, "demolaw.test: verified"]);
      await page.screenshot({ path: `test-results/screenshots/sso-domains-verified-${viewport.width}.png`, fullPage: true });

      // Back to the seeded domain for the other tests.
      await dialog.getByLabel("E-mail domains (comma-separated)").fill("demolaw.test");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("SSO config updated.")).toBeVisible();
      await page.request.delete(`${doh}/_fake/records?name=${extra}`);
    });
  });
}
