import { accounts, allowConsoleErrors, expect, submitLoginForm, test, waitForHydration } from "./fixtures";

/**
 * The iOS wrapper's token (issue 30, item 5; decision 0303): after a sign-in in the wrapper's
 * web view, the page hands the wrapper a bearer token of its own session, so the wrapper keeps
 * the person signed in across restarts; signing out tells it to forget the token. The
 * wrapper's message handler is a stand-in installed before any page script runs: it records
 * what the page posts (WKScriptMessageHandler's postMessage) and hands it out of the page to
 * the test, as the native side would receive it.
 */

declare global {
  interface Window {
    webkit?: { messageHandlers?: Record<string, { postMessage(message: unknown): void }> };
  }
}

test("a sign-in in the wrapper's web view hands the wrapper a token of the same session; signing out takes it back", async ({ page, request }) => {
  test.setTimeout(120_000);
  // The stand-in sends what the page posts out of the page, as the native handler receives it
  // (a page binding: it outlives navigations and the sign-out's Clear-Site-Data).
  const received: { type: string; token: string | null }[] = [];
  await page.exposeFunction("__wrapperReceive", (message: { type: string; token: string | null }) => {
    received.push(message);
  });
  await page.addInitScript(() => {
    const receive = (window as unknown as { __wrapperReceive(message: unknown): void }).__wrapperReceive;
    window.webkit = { messageHandlers: { availability: { postMessage: (message: unknown) => void receive(message) } } };
  });
  // The hand-off rotates the session right after sign-in: a realtime ticket the page asked for
  // just before belongs to the session that ends, so Chromium may log that socket's refusal
  // (the page joins again with a ticket of the new session), as it may at the sign-out below.
  allowConsoleErrors(page, /WebSocket connection to .* Unexpected response code: 40[13]/);
  await page.goto("/login");
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLoginForm(page, accounts.employee);
  await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
  const [handed] = received;
  expect(handed.type).toBe("token");
  expect(typeof handed.token).toBe("string");

  // The token is the person's, and the page's cookie is still signed in (one session, shared).
  const me = await request.get("/api/v2/users/me", { headers: { Authorization: `Bearer ${handed.token}` } });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(accounts.employee);
  await page.reload();
  await expect(page.getByRole("button", { name: "Logout" }).first()).toBeVisible();
  // Once per session: a reload hands nothing new, so the wrapper's token stays good.
  await page.waitForTimeout(1500);
  expect(received).toHaveLength(1);
  expect((await request.get("/api/v2/users/me", { headers: { Authorization: `Bearer ${handed.token}` } })).status()).toBe(200);

  // Signing out in the web view: the wrapper is told, and the session (its token too) ends.
  // (Chromium may log the open page's realtime socket being refused as the session closes, as in
  // accounts.spec: allowed above.)
  const logout = page.getByRole("button", { name: "Logout" }).first();
  await waitForHydration(logout);
  await logout.click();
  await page.waitForURL((url) => url.pathname === "/login" || url.pathname === "/");
  await expect.poll(() => received.length).toBe(2);
  expect(received).toEqual([handed, { type: "token", token: null }]);
  expect((await request.get("/api/v2/users/me", { headers: { Authorization: `Bearer ${handed.token}` } })).status()).toBe(401);
});

test("in a browser, nothing is handed and the session is not rotated", async ({ page }) => {
  const rotations: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/v2/account/token/new")) rotations.push(req.url());
  });
  await page.goto("/login");
  await waitForHydration(page.getByRole("button", { name: "Login" }));
  await submitLoginForm(page, accounts.employee);
  await expect(page.getByRole("button", { name: "Logout" }).first()).toBeVisible();
  await page.waitForTimeout(1500);
  expect(rotations).toEqual([]);
});
