import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "~/auth/secrets.server";
import { auditLog, companies, companyDomains, groups, inviteTokens, offices, users } from "~/db/schema";
import { PASSWORD_TOO_COMMON } from "~/domain/identity/password-policy.server";
import { newId } from "~/lib/ids";
import { lastMailTo, mailedSecret, send } from "./account-helpers";
import { INVITES_PER_HOUR, RESENDS_PER_HOUR, TOO_MANY_INVITES } from "~/domain/identity/invite.server";
import { BASE, createCompany, createCompanyWithRoles, db, tokenFor } from "./helpers";
import { uniqueAddress, useFakeSmtp, waitForMail } from "./mail-helpers";

const REQUIRED = "This field is required.";
const INVALID = "Needs to be a valid email";
const DAY = 86_400_000;

type Firm = Awaited<ReturnType<typeof createFirm>>;

async function createFirm(name: string, settings: Record<string, unknown> = {}) {
  const firm = await createCompany(name, settings);
  const otherGroup = { id: newId(), companyId: firm.company.id, name: `${name} Tax` };
  const otherOffice = { id: newId(), companyId: firm.company.id, groupId: otherGroup.id, name: `${name} Malmö` };
  await db().batch([db().insert(groups).values(otherGroup), db().insert(offices).values(otherOffice)]);
  const people = {
    employee: await firm.createUser("employee"),
    observer: await firm.createUser("observer"),
    administrator: await firm.createUser("administrator"),
    companyAdmin: await firm.createUser("companyAdmin", { groupId: null, officeId: null }),
  };
  const tokens = {
    employee: await tokenFor(people.employee.email),
    observer: await tokenFor(people.observer.email),
    administrator: await tokenFor(people.administrator.email),
    companyAdmin: await tokenFor(people.companyAdmin.email),
  };
  return { ...firm, otherGroup, otherOffice, people, tokens };
}

async function userByEmail(email: string) {
  const [row] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

let own: Firm;
let other: Firm;

beforeAll(async () => {
  own = await createFirm("Invite Own", {});
  other = await createFirm("Invite Other");
});

describe("POST /users (one invite)", () => {
  it("creates a pending person and mails a single-use sign-up link valid for 14 days", async () => {
    const email = uniqueAddress("Invitee").replace("invitee", "Invitee");
    const response = await send("POST", "/users", own.tokens.companyAdmin, {
      name: " Ines Newcomer ",
      email: ` ${email} `,
      title: "Associate",
      group: own.group.id,
      office: own.office.id,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: "Ines Newcomer",
      email: email.toLowerCase(),
      title: "Associate",
      completed: false,
      admin: false,
      companyAdmin: false,
    });
    expect(response.body.group).toEqual({ _id: own.group.id, name: own.group.name });

    const mail = await lastMailTo(email);
    expect(mail.subject).toBe("You are invited to Invite Own on Availability");
    const secret = await mailedSecret(email, "signup");
    expect(mail.textBody).toContain(`${BASE}/signup/${secret}`);
    const [token] = await db().select().from(inviteTokens).where(eq(inviteTokens.userId, response.body._id));
    expect(token.tokenHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(token)).not.toContain(secret);
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(14 * DAY);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, response.body._id), eq(auditLog.action, "invite")));
    expect(audit.actorId).toBe(own.people.companyAdmin.id);
  });

  it("requires a name and a valid e-mail, with the spec's messages", async () => {
    const token = own.tokens.companyAdmin;
    const team = { group: own.group.id, office: own.office.id };
    expect((await send("POST", "/users", token, team)).body).toEqual({
      entityType: "UserInputErrors",
      message: "Please correct the marked fields.",
      errors: { name: REQUIRED, email: REQUIRED },
    });
    expect((await send("POST", "/users", token, { ...team, name: "  ", email: "" })).body.errors).toEqual({ name: REQUIRED, email: REQUIRED });
    for (const email of ["not-an-email", "a@b", "two words@x.se", "a@b.se;c@d.se"]) {
      const response = await send("POST", "/users", token, { ...team, name: "X", email });
      expect(response.status, email).toBe(400);
      expect(response.body.errors, email).toEqual({ email: INVALID });
    }
  });

  it("answers 409 for an e-mail that exists: named for the firm's own people, neutral for any address it cannot use", async () => {
    const invite = (email: string) =>
      send("POST", "/users", own.tokens.companyAdmin, { name: "Twin", email, group: own.group.id, office: own.office.id });
    const mine = await invite(own.people.employee.email.toUpperCase());
    expect(mine.status).toBe(409);
    expect(mine.body).toEqual({ message: "A user with this e-mail already exists." });
    // Issue 26, item 4: another firm's member and a nobody at a domain another firm verified
    // get the same answer, so the answer does not tell who belongs to another firm.
    const domain = `verified-${crypto.randomUUID().slice(0, 8)}.test`;
    await db().insert(companyDomains).values({ domain, companyId: other.company.id, verifiedAt: new Date(), verifiedBy: "operator" });
    const foreign = await invite(other.people.employee.email.toUpperCase());
    const nobody = await invite(`nobody@${domain}`);
    // Every header but the database position each answer saw (decision 0315), which moves with any write.
    const shown = (answer: typeof foreign) => ({
      ...answer,
      headers: Object.fromEntries([...answer.headers].filter(([name]) => name !== "availability-bookmark")),
    });
    expect(shown(foreign)).toEqual(shown(nobody));
    expect(foreign).toMatchObject({ status: 409, body: { message: "This e-mail address cannot be used in this firm." } });
  });

  it("invites a company administrator without group or office, and only a company admin may", async () => {
    const email = uniqueAddress("ca");
    const response = await send("POST", "/users", own.tokens.companyAdmin, {
      name: "New CA",
      email,
      companyAdmin: true,
      group: own.group.id,
      office: own.office.id,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ companyAdmin: true, group: null, office: null });
    const refused = await send("POST", "/users", own.tokens.administrator, { name: "New CA", email: uniqueAddress("ca"), companyAdmin: true });
    expect(refused.status).toBe(403);
  });

  it("invites an administrator with the admin flag", async () => {
    const response = await send("POST", "/users", own.tokens.companyAdmin, {
      name: "New Admin",
      email: uniqueAddress("adm"),
      admin: true,
      group: own.group.id,
      office: own.office.id,
    });
    expect(response.body).toMatchObject({ admin: true, administratorPriviliges: false });
  });

  it("lets administrators invite into their own group and office only (their own by default)", async () => {
    const token = own.tokens.administrator;
    const byDefault = await send("POST", "/users", token, { name: "Default Team", email: uniqueAddress("def") });
    expect(byDefault.status).toBe(201);
    expect(byDefault.body.office._id).toBe(own.office.id);
    const elsewhere = await send("POST", "/users", token, {
      name: "Elsewhere",
      email: uniqueAddress("else"),
      group: own.otherGroup.id,
      office: own.otherOffice.id,
    });
    expect(elsewhere.status).toBe(403);
    // A company admin must say where the person goes.
    const missing = await send("POST", "/users", own.tokens.companyAdmin, { name: "Nowhere", email: uniqueAddress("nowhere") });
    expect(missing.body.errors).toEqual({ group: REQUIRED, office: REQUIRED });
  });

  it("checks that the office belongs to the group and both to the company", async () => {
    const token = own.tokens.companyAdmin;
    const mixed = await send("POST", "/users", token, {
      name: "Mixed",
      email: uniqueAddress("mixed"),
      group: own.group.id,
      office: own.otherOffice.id,
    });
    expect(mixed.body.errors).toEqual({ office: "Choose an office in the selected group." });
    const foreign = await send("POST", "/users", token, {
      name: "Foreign",
      email: uniqueAddress("foreign"),
      group: other.group.id,
      office: other.office.id,
    });
    expect(foreign.body.errors).toEqual({ group: "This group does not exist." });
  });

  it("refuses employees and observers", async () => {
    for (const token of [own.tokens.employee, own.tokens.observer]) {
      expect((await send("POST", "/users", token, { name: "X", email: uniqueAddress("x") })).status).toBe(403);
    }
  });
});

describe("POST /users/multiple", () => {
  it("invites everyone listed, names by position, each with their own link", async () => {
    const emails = [uniqueAddress("m1"), uniqueAddress("m2"), uniqueAddress("m3")];
    const response = await send("POST", "/users/multiple", own.tokens.companyAdmin, {
      users: [{ email: emails[0], name: "First" }, { email: emails[1] }, { email: emails[2], name: "Third" }, { email: emails[0].toUpperCase() }],
      admin: false,
      group: own.group.id,
      office: own.office.id,
      secondaryEnabled: true,
      secondaryGroup: own.otherGroup.id,
      secondaryOffice: own.otherOffice.id,
    });
    expect(response.status).toBe(201);
    expect(response.body.map((u: { email: string; name: string }) => [u.email, u.name])).toEqual([
      [emails[0], "First"],
      [emails[1], ""],
      [emails[2], "Third"],
    ]);
    expect(response.body[0].secondaryOffice).toEqual({ _id: own.otherOffice.id, name: own.otherOffice.name });
    const secrets = await Promise.all(emails.map((email) => mailedSecret(email, "signup")));
    expect(new Set(secrets).size).toBe(3);
  });

  it("answers 409 naming only the caller's own company's existing e-mails, never another firm's, and invites nobody (issue 9, item 13)", async () => {
    const fresh = uniqueAddress("fresh");
    const response = await send("POST", "/users/multiple", own.tokens.companyAdmin, {
      users: [{ email: fresh }, { email: own.people.employee.email }, { email: other.people.observer.email.toUpperCase() }],
      group: own.group.id,
      office: own.office.id,
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual([own.people.employee.email]);
    expect(await userByEmail(fresh)).toBeUndefined();
    expect(await lastMailTo(fresh)).toBeUndefined();

    const onlyOthers = await send("POST", "/users/multiple", own.tokens.companyAdmin, {
      users: [{ email: fresh }, { email: other.people.employee.email }],
      group: own.group.id,
      office: own.office.id,
    });
    expect(onlyOthers.status).toBe(409);
    expect(onlyOthers.body).toEqual([]);
    expect(JSON.stringify(onlyOthers.body)).not.toContain(other.people.employee.email);
    expect(await userByEmail(fresh)).toBeUndefined();
  });

  it("answers 400 for invalid e-mails, naming each one's position", async () => {
    const response = await send("POST", "/users/multiple", own.tokens.companyAdmin, {
      users: [{ email: uniqueAddress("ok") }, { email: "nope" }, { email: "" }],
      group: own.group.id,
      office: own.office.id,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual({ "users.1.email": INVALID, "users.2.email": REQUIRED });
    expect(
      (await send("POST", "/users/multiple", own.tokens.companyAdmin, { users: [], group: own.group.id, office: own.office.id })).body.errors,
    ).toEqual({ users: REQUIRED });
  });

  it("needs the secondary team when it is enabled", async () => {
    const response = await send("POST", "/users/multiple", own.tokens.companyAdmin, {
      users: [{ email: uniqueAddress("s") }],
      group: own.group.id,
      office: own.office.id,
      secondaryEnabled: true,
    });
    expect(response.body.errors).toEqual({ secondaryGroup: REQUIRED, secondaryOffice: REQUIRED });
  });
});

describe("POST /account/{id}/resend-invite", () => {
  it("mails a fresh link and the earlier one stops working", async () => {
    const email = uniqueAddress("resend");
    const invited = await send("POST", "/users", own.tokens.administrator, { name: "Resent", email });
    const first = await mailedSecret(email, "signup");
    expect((await send("GET", `/users/${first}/uncompleted`)).status).toBe(200);
    const resent = await send("POST", `/account/${invited.body._id}/resend-invite`, own.tokens.administrator);
    expect(resent).toMatchObject({ status: 200, body: { message: "Invite sent." } });
    const second = await mailedSecret(email, "signup");
    expect(second).not.toBe(first);
    expect((await send("GET", `/users/${first}/uncompleted`)).status).toBe(404);
    expect((await send("GET", `/users/${second}/uncompleted`)).status).toBe(200);
  });

  it("refuses people who already signed up, and people of another company", async () => {
    expect((await send("POST", `/account/${own.people.employee.id}/resend-invite`, own.tokens.companyAdmin)).status).toBe(409);
    expect((await send("POST", `/account/${other.people.employee.id}/resend-invite`, own.tokens.companyAdmin)).status).toBe(404);
  });
});

describe("sign-up through the link", () => {
  async function invite(firm: Firm, body: Record<string, unknown> = {}) {
    const email = uniqueAddress("signup");
    const response = await send("POST", "/users", firm.tokens.companyAdmin, {
      name: "Sam Signup",
      email,
      group: firm.group.id,
      office: firm.office.id,
      ...body,
    });
    expect(response.status).toBe(201);
    return { email, id: response.body._id as string, secret: await mailedSecret(email, "signup") };
  }

  const valid = (email: string) => ({
    name: "Sam Signup",
    title: "Associate",
    email,
    phone: "",
    password: "long enough now",
    passwordConfirmation: "long enough now",
  });

  it("shows the invited person on GET /users/{id}/uncompleted", async () => {
    const { email, secret } = await invite(own);
    const response = await send("GET", `/users/${secret}/uncompleted`);
    expect(response.body).toMatchObject({
      email,
      name: "Sam Signup",
      completed: false,
      companyName: "Invite Own",
      showTeam: false,
      ssoOnlySignup: false,
      group: { _id: own.group.id },
    });
    const unknown = await send("GET", "/users/no-such-invite/uncompleted");
    expect(unknown).toMatchObject({ status: 404, body: { message: "This invite link is invalid or has expired." } });
  });

  it("reports every field error of the form with entityType UserSignUpInputErrors", async () => {
    const { email, secret } = await invite(own);
    const empty = await send("POST", `/account/${secret}/register`, undefined, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      entityType: "UserSignUpInputErrors",
      message: "Please correct the marked fields.",
      errors: { name: REQUIRED, email: REQUIRED, password: REQUIRED, passwordConfirmation: REQUIRED },
    });
    const bad = await send("POST", `/account/${secret}/register`, undefined, {
      name: "X",
      email: "nope",
      password: "short",
      passwordConfirmation: "short",
    });
    expect(bad.body.errors).toEqual({ email: INVALID, password: "Use at least 12 characters." });
    const mismatch = await send("POST", `/account/${secret}/register`, undefined, {
      name: "X",
      email: "x@example.test",
      password: "long enough now",
      passwordConfirmation: "long enougH",
    });
    expect(mismatch.body.errors).toEqual({ passwordConfirmation: "Passwords don't match" });
    const common = await send("POST", `/account/${secret}/register`, undefined, {
      ...valid(email),
      password: "Qwerty123456",
      passwordConfirmation: "Qwerty123456",
    });
    expect(common.body.errors).toEqual({ password: PASSWORD_TOO_COMMON });
    const otherEmail = await send("POST", `/account/${secret}/register`, undefined, valid("someone.else@example.test"));
    expect(otherEmail.body.errors).toEqual({ email: "Use the e-mail address the invite was sent to." });
  });

  it("completes the person, answers a token, and the link works once", async () => {
    const { email, id, secret } = await invite(own);
    const response = await send("POST", `/account/${secret}/register`, undefined, { ...valid(email), name: "Sam Done", phone: "+46 70 000" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ completed: true, _id: id });
    const me = await send("GET", "/users/me", response.body.token);
    expect(me.body).toMatchObject({ name: "Sam Done", title: "Associate", phone: "+46 70 000", completed: true });
    expect(await tokenFor(email, "long enough now")).toBeTruthy();
    const again = await send("POST", `/account/${secret}/register`, undefined, valid(email));
    expect(again.status).toBe(404);
    expect((await send("GET", `/users/${secret}/uncompleted`)).status).toBe(404);
  });

  it("refuses an expired link", async () => {
    const { email, id, secret } = await invite(own);
    await db()
      .update(inviteTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(inviteTokens.userId, id));
    expect((await send("GET", `/users/${secret}/uncompleted`)).status).toBe(404);
    expect((await send("POST", `/account/${secret}/register`, undefined, valid(email))).status).toBe(404);
  });

  it("makes the password optional for a single sign-on company, the confirmation then only with a password", async () => {
    const sso = await createFirm("Invite SSO", { ssoOnlySignup: true });
    const first = await invite(sso);
    const noPassword = await send("POST", `/account/${first.secret}/register`, undefined, { name: "Sso Person", email: first.email });
    expect(noPassword.status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, first.id));
    expect(row).toMatchObject({ completed: true, passwordHash: null });

    const second = await invite(sso);
    const onlyPassword = await send("POST", `/account/${second.secret}/register`, undefined, {
      name: "Sso Person",
      email: second.email,
      password: "long enough now",
    });
    expect(onlyPassword.body.errors).toEqual({ passwordConfirmation: REQUIRED });
    const onlyConfirmation = await send("POST", `/account/${second.secret}/register`, undefined, {
      name: "Sso Person",
      email: second.email,
      passwordConfirmation: "x",
    });
    expect(onlyConfirmation.body.errors).toEqual({ passwordConfirmation: "Passwords don't match" });
  });

  it("lets a person without an office choose group and office when the company allows it", async () => {
    const choosing = await createFirm("Invite Choosing");
    await db().update(companies).set({ allowGroupSelection: true }).where(eq(companies.id, choosing.company.id));
    const email = uniqueAddress("choose");
    const [created] = await db().insert(users).values({ id: newId(), companyId: choosing.company.id, email, name: "", completed: false }).returning();
    await send("POST", `/account/${created.id}/resend-invite`, choosing.tokens.companyAdmin);
    const secret = await mailedSecret(email, "signup");

    const info = await send("GET", `/users/${secret}/uncompleted`);
    expect(info.body).toMatchObject({ showTeam: true, allowGroupSelection: true });
    expect(info.body.groups.map((g: { _id: string }) => g._id).sort()).toEqual([choosing.group.id, choosing.otherGroup.id].sort());

    const missing = await send("POST", `/account/${secret}/register`, undefined, valid(email));
    expect(missing.body.errors).toEqual({ group: REQUIRED, office: REQUIRED });
    const mixed = await send("POST", `/account/${secret}/register`, undefined, {
      ...valid(email),
      group: choosing.group.id,
      office: choosing.otherOffice.id,
    });
    expect(mixed.body.errors).toEqual({ office: "Choose an office in the selected group." });
    const done = await send("POST", `/account/${secret}/register`, undefined, {
      ...valid(email),
      group: choosing.otherGroup.id,
      office: choosing.otherOffice.id,
    });
    expect(done.status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ groupId: choosing.otherGroup.id, officeId: choosing.otherOffice.id });
  });

  it("mails the invite through the company's SMTP server", async () => {
    const smtpFirm = await createFirm("Invite SMTP");
    await useFakeSmtp(smtpFirm.company.id);
    const email = uniqueAddress("smtp");
    await send("POST", "/users", smtpFirm.tokens.companyAdmin, { name: "Mailed", email, group: smtpFirm.group.id, office: smtpFirm.office.id });
    const [mail] = await waitForMail(email);
    expect(mail.subject).toBe("You are invited to Invite SMTP on Availability");
    expect(mail.text).toMatch(new RegExp(`${BASE}/signup/[0-9a-f]{24}\\.[A-Za-z0-9_-]{43}`));
    expect(mail.html).toContain("Create account");
  });
});

describe("the /signup/{id} page", () => {
  it("shows 'Something went wrong' for an unknown link", async () => {
    const response = await SELF.fetch(`${BASE}/signup/unknown-link`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Something went wrong");
  });

  it("signs the person in and lands on /home with the signup flash", async () => {
    const email = uniqueAddress("page");
    await send("POST", "/users", own.tokens.companyAdmin, { name: "Page Person", email, group: own.group.id, office: own.office.id });
    const secret = await mailedSecret(email, "signup");
    const page = await SELF.fetch(`${BASE}/signup/${secret}`);
    const html = await page.text();
    expect(html).toContain("Create account");
    expect(html).toContain(email);

    const form = new URLSearchParams({
      name: "Page Person",
      title: "",
      email,
      phone: "",
      password: "long enough now",
      passwordConfirmation: "different!",
    });
    const refused = await SELF.fetch(`${BASE}/signup/${secret}`, { method: "POST", body: form, redirect: "manual" });
    expect(refused.status).toBe(400);
    form.set("passwordConfirmation", "long enough now");
    const done = await SELF.fetch(`${BASE}/signup/${secret}`, { method: "POST", body: form, redirect: "manual" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/home?flash=signup");
    const cookie = done.headers.get("Set-Cookie")!.split(";")[0];
    const home = await SELF.fetch(`${BASE}/home?flash=signup`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Welcome! Your account is ready.");
  });
});

describe("invite and resend quotas per administrator per hour (issue 9, item 13)", () => {
  async function pastAudit(companyId: string, actorId: string, action: string, count: number, at = new Date()) {
    const rows = Array.from({ length: count }, () =>
      db().insert(auditLog).values({ companyId, actorId, action, entityType: "user", entityId: null, data: {}, createdAt: at }),
    );
    await db().batch(rows as [(typeof rows)[number], ...typeof rows]);
  }

  it("refuses invites beyond the hour's quota with 429 and invites nobody; older ones do not count", async () => {
    const firm = await createCompanyWithRoles("Quota Firm");
    const admin = firm.people.companyAdmin;
    await pastAudit(firm.company.id, admin.id, "invite", INVITES_PER_HOUR - 1, new Date(Date.now() - 10 * 60_000));
    await pastAudit(firm.company.id, admin.id, "invite", 50, new Date(Date.now() - 2 * 60 * 60_000));
    const [a, b] = [uniqueAddress("quota-a"), uniqueAddress("quota-b")];
    const two = await send("POST", "/users/multiple", firm.tokens.companyAdmin, {
      users: [{ email: a }, { email: b }],
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(two.status).toBe(429);
    expect(two.body).toEqual({ message: TOO_MANY_INVITES });
    expect(two.headers.get("Retry-After")).toBe("3600");
    expect(await userByEmail(a)).toBeUndefined();
    const one = await send("POST", "/users", firm.tokens.companyAdmin, { name: "Last", email: a, group: firm.group.id, office: firm.office.id });
    expect(one.status).toBe(201);
    const over = await send("POST", "/users", firm.tokens.companyAdmin, { name: "Over", email: b, group: firm.group.id, office: firm.office.id });
    expect(over.status).toBe(429);
    expect(await userByEmail(b)).toBeUndefined();
    // Another administrator of the same firm has their own quota.
    const other = await send("POST", "/users", firm.tokens.administrator, { name: "Other", email: b, group: firm.group.id, office: firm.office.id });
    expect(other.status).toBe(201);
  });

  it("refuses resending beyond the hour's quota", async () => {
    const firm = await createCompanyWithRoles("Resend Quota Firm");
    const invited = await firm.createUser("invited");
    await pastAudit(firm.company.id, firm.people.companyAdmin.id, "resend-invite", RESENDS_PER_HOUR);
    const response = await send("POST", `/account/${invited.id}/resend-invite`, firm.tokens.companyAdmin);
    expect(response.status).toBe(429);
    expect((await send("POST", `/account/${invited.id}/resend-invite`, firm.tokens.administrator)).status).toBe(200);
  });
});
