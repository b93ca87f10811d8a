import { expect, type Cookie, type Locator, type Page } from "@playwright/test";

/** The seed's password for every demo account (scripts/seed-data.ts, DEMO_PASSWORD). */
export const DEMO_PASSWORD = "demo-password-1";

export const accounts = {
  employee: "employee@demo.test",
  companyAdmin: "companyadmin@demo.test",
} as const;

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Session cookies per account, kept for the life of the worker process. The server starts
 * from a fresh database on every run, so nothing is written to disk.
 */
const sessionCookies = new Map<string, Cookie[]>();

/** Fills in and submits the sign-in form already on the page, then waits to leave /login. */
export async function submitLoginForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await leftLoginPage(page, email);
}

/**
 * Signs in as `email` through the real /login form and waits for the landing page. The
 * session cookie is reused by later calls for the same account (as long as the server
 * still accepts it); `fresh: true` always goes through the form, for a session of its own.
 */
export async function login(page: Page, email: string, { fresh = false } = {}) {
  const context = page.context();
  const cached = sessionCookies.get(email);
  if (cached && !fresh) {
    await context.addCookies(cached);
    await page.goto("/");
    if (new URL(page.url()).pathname !== "/login") return;
    // The session was ended (a logout test, say): sign in again below.
    await context.clearCookies();
    sessionCookies.delete(email);
  }
  await page.goto("/login");
  await submitLoginForm(page, email);
  if (!fresh)
    sessionCookies.set(
      email,
      (await context.cookies()).filter((cookie) => cookie.name === "__session"),
    );
}

async function leftLoginPage(page: Page, email: string) {
  try {
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 15_000 });
  } catch (error) {
    const alert = await page.getByRole("alert").allInnerTexts();
    throw new Error(`Signing in as ${email} did not leave /login${alert.length ? `: ${alert.join(" ")}` : ""}`, { cause: error });
  }
}

/**
 * Waits until React has hydrated `element`, so client-side handlers (a toggle button, say)
 * respond. Before that a click does nothing, and a test would fail for the wrong reason.
 */
export async function waitForHydration(element: Locator) {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))), {
      message: "React hydrated the page",
    })
    .toBe(true);
}
