import { expect, test as base, type Cookie, type ConsoleMessage, type Locator, type Page } from "@playwright/test";

/**
 * Every spec imports `test` from here: each page a test opens is watched, and the test fails
 * on a React hydration error, an uncaught exception or any console error (issue 17: the reset
 * page lost its message at hydration and only the console said so). A test that provokes an
 * error on purpose names it with `allowConsoleErrors(page, /pattern/)`.
 */
const allowed = new WeakMap<Page, RegExp[]>();

/**
 * Chromium logs every 4xx answer as "Failed to load resource": a refused sign-in (401), a
 * 404 page, a refused form (400/409). The page shows those answers; they are not errors
 * of the page. A 5xx still fails the test.
 */
const ANSWERED_4XX = /^Failed to load resource: the server responded with a status of 4\d\d /;

export function allowConsoleErrors(page: Page, ...patterns: RegExp[]) {
  allowed.set(page, [...(allowed.get(page) ?? []), ...patterns]);
}

/** What a console message or page error says, with where it came from. */
function describeConsole(message: ConsoleMessage) {
  const { url, lineNumber } = message.location();
  return `${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

/**
 * scripts/e2e-server.sh starts wrangler dev again when it dies under load (it has, a few times,
 * with no error of its own); a test that starts while it comes back up waits for it instead of
 * failing on "connection refused". One cheap request when the server is up.
 */
async function serverAnswers(baseURL: string, withinMs = 90_000) {
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(`${baseURL}/login`, { method: "HEAD" });
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > withinMs) throw new Error(`the app at ${baseURL} did not answer within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The port of this worker's own server: E2E_PORT plus the worker's index (scripts/e2e-server.sh). */
export function workerServerPort(parallelIndex: number) {
  return Number(process.env.E2E_PORT ?? 8788) + parallelIndex;
}

export const test = base.extend<{ consoleErrors: string[]; serverUp: void }>({
  // Each worker has its own server, on the configured port plus the worker's index
  // (scripts/e2e-server.sh), so one worker's writes never reach another's tests.
  baseURL: async ({ baseURL }, runTest, testInfo) => {
    const url = new URL(baseURL!);
    url.port = String(workerServerPort(testInfo.parallelIndex));
    await runTest(url.origin);
  },
  serverUp: [
    async ({ baseURL }, runTest) => {
      await serverAnswers(baseURL!);
      await runTest();
    },
    { auto: true, timeout: 100_000 },
  ],
  consoleErrors: [
    async ({ context, browser }, runTest, testInfo) => {
      const errors: string[] = [];
      const watch = (page: Page) => {
        const record = (text: string) => {
          if (ANSWERED_4XX.test(text) || (allowed.get(page) ?? []).some((pattern) => pattern.test(text))) return;
          errors.push(`${new URL(page.url() || "about:blank").pathname}: ${text}`);
        };
        page.on("console", (message) => {
          if (message.type() === "error") record(describeConsole(message));
        });
        page.on("pageerror", (error) => record(`uncaught ${error.name}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      // A second person's browser (browser.newContext() in a test) is watched too.
      const newContext = browser.newContext;
      browser.newContext = async (...args) => {
        const created = await newContext.apply(browser, args);
        created.on("page", watch);
        return created;
      };
      try {
        await runTest(errors);
      } finally {
        browser.newContext = newContext;
      }
      // A test that already failed keeps its own message; a passing one fails here.
      if (testInfo.status === testInfo.expectedStatus) {
        expect(errors, "console errors, uncaught exceptions or React hydration errors on the page").toEqual([]);
      }
    },
    { auto: true },
  ],
});

export { expect };

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

/**
 * Fills in and submits the sign-in form already on the page, then waits to leave /login. The
 * page is in the browser's language (decision 0306): English, or Swedish for a sv-SE browser.
 */
export async function submitLoginForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(/^(E-mail|E-post)$/).fill(email);
  await page.getByLabel(/^(Password|Lösenord)$/).fill(password);
  await page.getByRole("button", { name: /^(Login|Logga in)$/ }).click();
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
      // Long enough to ride out a restart of the local server while the page's scripts load.
      timeout: 15_000,
    })
    .toBe(true);
}
