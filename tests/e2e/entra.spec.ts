import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { DEMO_TENANT_ID } from "../../scripts/seed-constants";
import { demoDirectories } from "../fakes/entra-directory";
import { accounts, allowConsoleErrors, DEMO_PASSWORD, expect, login, test, viewports, waitForHydration } from "./fixtures";

const EMIL_DIRECTORY_ID = demoDirectories()[DEMO_TENANT_ID].find((person) => person.mail === accounts.employee)!.id;

/**
 * Microsoft Entra ID against the local provider (tests/fakes/entra-server.ts, started with the
 * e2e server): sign-in with Microsoft, the directory connection on /groups, the iOS wrapper's
 * hand-off (a code posted to /login/handoff, decision 0270).
 */
async function axeClean(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual([]);
}

test("sign in with Microsoft: the provider's account picker, then the dashboard", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign in with Microsoft" }).click();
  await expect(page.getByRole("heading", { name: "Pick an account" })).toBeVisible();
  // Emil's work account in Demo Law's directory.
  await page.getByRole("link", { name: /^Emil Employee/ }).click();
  await page.waitForURL("**/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emil Employee");
});

test("signing in with a private account of the same address goes back to Microsoft with a hint and lands signed in", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign in with Microsoft" }).click();
  // The same e-mail in a directory no firm has connected: the app sends the browser back for the work account.
  await page.getByRole("link", { name: /^Emil at home/ }).click();
  await page.waitForURL("**/home");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emil Employee");
});

test("an unknown Microsoft account gets a message and a clean address", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign in with Microsoft" }).click();
  await page.getByRole("link", { name: /^Nobody Known/ }).click();
  await expect(page.getByRole("alert")).toHaveText(/not connected to Availability/);
  await expect.poll(() => new URL(page.url()).search).toBe("");
});

test("the iOS wrapper's hand-off: its code, posted from the web view, lands signed in; a ?token= link does not", async ({ page }) => {
  const answer = await page.request.post("/api/v2/account/login", { data: { email: accounts.employee, password: DEMO_PASSWORD } });
  const { token } = (await answer.json()) as { token: string };
  await page.goto(`/login?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole("alert")).toHaveText("Signing in with a link from the app no longer works. Please update the app, or sign in here.");
  await expect.poll(() => new URL(page.url()).search).toBe("");
  // The app asks for a code with its token; its web view posts the code (here: a form of our own origin, as the web view's load is).
  const handoff = await page.request.post("/api/v2/account/handoff", { headers: { Authorization: `Bearer ${token}` } });
  const { code } = (await handoff.json()) as { code: string };
  await page.evaluate((value) => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<form id="handoff" method="post" action="/login/handoff"><input type="hidden" name="code" value="${value}"></form>`,
    );
    document.querySelector<HTMLFormElement>("#handoff")!.submit();
  }, code);
  await page.waitForURL("**/home");
  expect(page.url()).not.toContain(code);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emil Employee");
});

test("a company admin removes and reconnects the directory, then adds two people from it", async ({ page }) => {
  // Removal, the consent page and its code exchange, the directory search and two invites.
  test.slow();
  // A sign-in of its own: removing and connecting the directory need one within 10 minutes (decision 0276).
  await login(page, accounts.companyAdmin, { fresh: true });
  await page.goto("/groups");
  const section = page.getByRole("region", { name: "Microsoft directory" });
  await expect(section).toContainText(`Connected to directory ${DEMO_TENANT_ID}`);
  await expect(section).toContainText("User.Read.All");
  await waitForHydration(section.getByRole("button", { name: "Remove tenant" }));

  await section.getByRole("button", { name: "Remove tenant" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm removal of tenant" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(section).toContainText("Not connected");

  await section.getByRole("link", { name: "Connect directory" }).click();
  await expect(page.getByRole("heading", { name: "Permissions requested" })).toBeVisible();
  await page.getByRole("link", { name: `Accept for directory ${DEMO_TENANT_ID}` }).click();
  await page.waitForURL((url) => url.pathname === "/groups");
  await expect(section).toContainText(`Connected to directory ${DEMO_TENANT_ID}`);
  await expect.poll(() => new URL(page.url()).search).toBe("");

  await waitForHydration(section.getByRole("button", { name: "Add users from the directory" }));
  await section.getByRole("button", { name: "Add users from the directory" }).click();
  const dialog = page.getByRole("dialog", { name: "Add users from the directory" });
  const boardroom = dialog.getByRole("checkbox", { name: /Boardroom Stockholm/ });
  await expect(boardroom).toBeDisabled();
  await expect(dialog).toContainText("No email has been set for this Azure AD user and it can't be added until it has been set in the Azure portal.");
  await expect(dialog.getByRole("checkbox", { name: /Emil Employee/ })).toBeDisabled();
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screenshots/groups-directory-dialog-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
  await axeClean(page);

  await dialog.getByRole("checkbox", { name: /Astrid Holm/ }).check();
  await dialog.getByRole("checkbox", { name: /Bengt Ek/ }).check();
  await dialog.getByLabel("Group").selectOption({ label: "Disputes" });
  await dialog.getByRole("button", { name: "Invite 2" }).click();
  await expect(page.getByText("Invitations sent to 2 people")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto("/users/all");
  for (const name of ["Astrid Holm", "Bengt Ek"]) await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Pending");
});

for (const viewport of Object.values(viewports)) {
  test(`screenshots of the directory section and the Microsoft button at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Sign in with Microsoft" })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/login-microsoft-${viewport.width}.png`, fullPage: true });
    await login(page, accounts.companyAdmin);
    await page.goto("/groups");
    await expect(page.getByRole("region", { name: "Microsoft directory" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/groups-directory-${viewport.width}.png`, fullPage: true });
    await axeClean(page);
  });
}

test("the Teams tab: inside a frame named embedded-page-container the app signs in with the Teams SSO token", async ({ page, baseURL }) => {
  // The Teams SDK first asks Microsoft's CDN for its list of host origins, unreachable here.
  allowConsoleErrors(page, /ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED|Failed to load resource: net::/);
  // Chrome refuses the sign-in form's autofocus inside a cross-origin frame, and says so.
  allowConsoleErrors(page, /Blocked autofocusing on a <input> element in a cross-origin subframe/);
  const appUrl = new URL("/login", baseURL).toString();
  const providerPort = Number(new URL(appUrl).port) + 100;
  const host = `http://127.0.0.1:${providerPort}/_fake/teams-host?tid=${DEMO_TENANT_ID}&oid=${EMIL_DIRECTORY_ID}&app=${encodeURIComponent(appUrl)}`;
  await page.goto(host);
  const tab = page.frameLocator('iframe[name="embedded-page-container"]');
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Emil Employee", { timeout: 15_000 });
  for (const viewport of Object.values(viewports)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `test-results/screenshots/teams-tab-${viewport.width}.png` });
  }
});
