import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailChangeTokens, emailOutbox, passwordResetTokens, sessions, users } from "~/db/schema";
import { describeDevice } from "~/domain/identity/devices.server";
import { newId } from "~/lib/ids";
import { api, BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";
import { uniqueAddress, useFakeSmtp, waitForMail } from "./mail-helpers";

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];
const outboxTo = (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

/** The /confirm-email/… path in a mail's text. */
function confirmPath(text: string): string {
  const url = text.split("\n").find((line) => line.includes("/confirm-email/"))!;
  return new URL(url.trim()).pathname;
}

const CHROME_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let ip = 0;
async function cookieFor(email: string, userAgent = CHROME_WINDOWS) {
  const response = await SELF.fetch(`${BASE}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.101.${++ip % 250}`, "User-Agent": userAgent },
    redirect: "manual",
  });
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

function page(path: string, cookie: string | null, form?: Record<string, string>) {
  return SELF.fetch(`${BASE}${path}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    redirect: "manual",
  });
}
const SETTINGS_DATA = "/settings?_data=routes%2F_app.settings";

describe("one's own e-mail change waits for the link mailed to the new address", () => {
  it("mails the new address through the firm's SMTP server, changes nothing until the link is confirmed, then tells the old address", async () => {
    const firm = await createCompany("Mail Change Firm");
    await useFakeSmtp(firm.company.id);
    const me = await firm.createUser("employee", { email: uniqueAddress("old") });
    const token = await tokenFor(me.email);
    const newEmail = uniqueAddress("new");
    const reset = await api("/api/v2/account/reset-password", {
      method: "POST",
      json: { resetEmail: me.email },
      headers: { "CF-Connecting-IP": "198.51.102.7" },
    });
    expect(reset.status).toBe(200);

    const response = await api(`/api/v2/users/${me.id}`, {
      method: "PUT",
      token,
      json: { email: newEmail, name: "Still Me", currentPassword: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: me.email, name: "Still Me", pendingEmail: newEmail });
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(await tokenFor(me.email)).toMatch(/\./);

    // Delivered by the loopback SMTP server, as a real mail server would receive it.
    const [delivered] = await waitForMail(newEmail);
    expect(delivered.subject).toBe("Confirm your new Availability e-mail address");
    const path = confirmPath(delivered.text);
    expect(path).toMatch(/^\/confirm-email\/[0-9a-f]{24}\.[A-Za-z0-9_-]{20,}$/);

    // Opening the link changes nothing (mail scanners open links): it asks.
    const opened = await page(path, null);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(newEmail);
    expect((await userRow(me.id)).email).toBe(me.email);

    const confirmed = await page(path, null, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`Your e-mail is now ${newEmail}.`);
    expect((await userRow(me.id)).email).toBe(newEmail);
    expect(await tokenFor(newEmail)).toMatch(/\./);
    // The reset link mailed to the old address no longer works.
    const resets = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, me.id));
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);
    const [notice] = await outboxTo(me.email).then((mails) => mails.filter((m) => m.subject === "Your Availability e-mail address was changed"));
    expect(notice.textBody).toContain(`was changed from ${me.email} to ${newEmail}`);
    expect(notice.textBody).not.toContain("http");

    // Single use.
    const again = await page(path, null, {});
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This confirmation link is no longer valid.");
    expect((await page(path, null)).status).toBe(410);
  });

  it("refuses an expired link, a replaced link and an address taken meanwhile, changing nothing", async () => {
    const firm = await createCompany("Mail Change Refusals");
    const me = await firm.createUser("employee");
    const token = await tokenFor(me.email);
    const first = uniqueAddress("first");
    const second = uniqueAddress("second");
    await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: first, currentPassword: PASSWORD } });
    const firstPath = confirmPath((await outboxTo(first))[0].textBody);
    await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: second, currentPassword: PASSWORD } });
    const secondPath = confirmPath((await outboxTo(second))[0].textBody);
    // Only the latest request's link works.
    expect((await page(firstPath, null, {})).status).toBe(410);
    expect((await userRow(me.id)).email).toBe(me.email);

    // Someone else takes the address before the link is opened.
    const squatter = await firm.createUser("employee", { email: second });
    const taken = await page(secondPath, null, {});
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("A user with this e-mail already exists.");
    expect((await userRow(me.id)).email).toBe(me.email);
    await db()
      .update(users)
      .set({ email: uniqueAddress("moved") })
      .where(eq(users.id, squatter.id));

    // Expired after 24 hours.
    await db()
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.userId, me.id));
    expect((await page(secondPath, null, {})).status).toBe(410);
    expect((await userRow(me.id)).email).toBe(me.email);
    expect((await page("/confirm-email/forged-secret", null, {})).status).toBe(410);
  });

  it("the settings form names the address waiting for confirmation; an address of someone else is refused with 409", async () => {
    const firm = await createCompany("Mail Change Form");
    const me = await firm.createUser("employee");
    const other = await firm.createUser("employee");
    const cookie = await cookieFor(me.email);
    const newEmail = uniqueAddress("form");
    const saved = await page(SETTINGS_DATA, cookie, { name: me.name ?? "Me", email: newEmail, currentPassword: PASSWORD });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      status: "success",
      message: `Settings saved. Open the link we sent to ${newEmail} to confirm your new e-mail.`,
    });
    expect(await (await page(SETTINGS_DATA, cookie)).json()).toMatchObject({ pendingEmail: newEmail, me: { email: me.email } });
    const refused = await page(SETTINGS_DATA, cookie, { name: me.name ?? "Me", email: other.email, currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await outboxTo(other.email)).toHaveLength(0);
  });
});

describe("one's own e-mail change needs the current password and is bounded (issue 26, item 8)", () => {
  it("refuses a change without or with a wrong current password, mailing nobody", async () => {
    const firm = await createCompany("Mail Change Password");
    const me = await firm.createUser("employee");
    const token = await tokenFor(me.email);
    const target = uniqueAddress("victim");
    const missing = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: target } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ entityType: "UserInputErrors", errors: { currentPassword: "This field is required." } });
    const wrong = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: target, currentPassword: "not-my-password" } });
    expect(wrong.status).toBe(400);
    expect(Object.keys(((await wrong.json()) as { errors: Record<string, string> }).errors)).toEqual(["currentPassword"]);
    const cookie = await cookieFor(me.email);
    expect((await page(SETTINGS_DATA, cookie, { name: me.name ?? "Me", email: target })).status).toBe(400);
    expect(await outboxTo(target)).toHaveLength(0);
    expect(await db().select().from(emailChangeTokens).where(eq(emailChangeTokens.userId, me.id))).toHaveLength(0);
    // Other profile fields need no password.
    expect((await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { name: "Renamed" } })).status).toBe(200);
  });

  it("sends at most three change mails per person per hour", async () => {
    const firm = await createCompany("Mail Change Limit");
    const me = await firm.createUser("employee");
    const token = await tokenFor(me.email);
    const targets = [1, 2, 3, 4, 5].map((n) => uniqueAddress(`spam${n}`));
    const statuses: number[] = [];
    for (const email of targets)
      statuses.push((await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email, currentPassword: PASSWORD } })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const limited = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: targets[4], currentPassword: PASSWORD } });
    expect(await limited.json()).toMatchObject({ message: "You can request at most 3 e-mail changes an hour. Try again later." });
    for (const [i, email] of targets.entries()) expect(await outboxTo(email), email).toHaveLength(i < 3 ? 1 : 0);
    // An hour later the person may ask again.
    await db()
      .update(emailChangeTokens)
      .set({ createdAt: new Date(Date.now() - 3_600_001) })
      .where(eq(emailChangeTokens.userId, me.id));
    expect((await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: targets[4], currentPassword: PASSWORD } })).status).toBe(200);
    expect(await outboxTo(targets[4])).toHaveLength(1);
  });
});

describe("signed-in devices on /settings", () => {
  it("lists the open sessions with device and last activity, this one first and marked, and not ended or other people's", async () => {
    const firm = await createCompany("Devices Firm");
    const me = await firm.createUser("employee");
    const colleague = await firm.createUser("employee");
    const phone = await cookieFor(me.email, SAFARI_IPHONE);
    const laptop = await cookieFor(me.email, CHROME_WINDOWS);
    await cookieFor(colleague.email);
    const ended = await cookieFor(me.email, "curl/8.0");
    await page("/logout", ended, {});
    const data = (await (await page(SETTINGS_DATA, laptop)).json()) as {
      devices: { id: string; label: string; current: boolean; lastActiveAt: string }[];
    };
    expect(data.devices.map((d) => [d.label, d.current])).toEqual([
      ["Chrome on Windows", true],
      ["Safari on iPhone", false],
    ]);
    expect(Number.isNaN(Date.parse(data.devices[1].lastActiveAt))).toBe(false);
    expect((await page(SETTINGS_DATA, phone)).status).toBe(200);
  });

  it("signs out one other device, then all others, closing their sessions but not this one; another person's session is not found", async () => {
    const firm = await createCompany("Sign Out Firm");
    const me = await firm.createUser("employee");
    const colleague = await firm.createUser("employee");
    const here = await cookieFor(me.email, CHROME_WINDOWS);
    const phone = await cookieFor(me.email, SAFARI_IPHONE);
    const tablet = await cookieFor(me.email, "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1");
    const bearer = await tokenFor(me.email);
    await cookieFor(colleague.email);
    const [colleagueSession] = await db().select().from(sessions).where(eq(sessions.userId, colleague.id));
    const list = async () =>
      ((await (await page(SETTINGS_DATA, here)).json()) as { devices: { id: string; label: string; current: boolean }[] }).devices;

    const phoneId = (await list()).find((d) => d.label === "Safari on iPhone")!.id;
    const one = await page(SETTINGS_DATA, here, { intent: "signOutDevice", sessionId: phoneId });
    expect(await one.json()).toMatchObject({ ok: true, message: "Device signed out" });
    expect((await page("/settings", phone)).status).toBe(302);
    expect((await page("/settings", tablet)).status).toBe(200);

    const foreign = await page(SETTINGS_DATA, here, { intent: "signOutDevice", sessionId: colleagueSession.id });
    expect(foreign.status).toBe(404);
    expect((await db().select().from(sessions).where(eq(sessions.id, colleagueSession.id)))[0].revokedAt).toBeNull();
    const self = await page(SETTINGS_DATA, here, { intent: "signOutDevice", sessionId: (await list()).find((d) => d.current)!.id });
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ ok: false, message: "This is the device you are using: use Log out instead." });

    const all = await page(SETTINGS_DATA, here, { intent: "signOutOthers" });
    expect(await all.json()).toMatchObject({ ok: true, message: "Signed out of 2 other devices", count: 2 });
    expect((await page("/settings", tablet)).status).toBe(302);
    expect((await api("/api/v2/users/me", { token: bearer })).status).toBe(401);
    expect((await page("/settings", here)).status).toBe(200);
    expect((await list()).map((d) => d.current)).toEqual([true]);
    expect((await db().select().from(sessions).where(eq(sessions.id, colleagueSession.id)))[0].revokedAt).toBeNull();
    expect((await page(SETTINGS_DATA, here, { intent: "signOutDevice", sessionId: newId() })).status).toBe(404);
  });

  it("names devices from their User-Agent", () => {
    expect(describeDevice(CHROME_WINDOWS)).toBe("Chrome on Windows");
    expect(describeDevice(SAFARI_IPHONE)).toBe("Safari on iPhone");
    expect(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Gecko/20100101 Firefox/132.0")).toBe("Firefox on macOS");
    expect(describeDevice("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0")).toBe("Edge on Windows");
    expect(describeDevice("Availability/3 CFNetwork/1568 Darwin/24.0.0")).toBe("iOS app");
    expect(describeDevice(null)).toBe("Unknown device");
  });
});
