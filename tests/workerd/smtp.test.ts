import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { companies, emailOutbox } from "~/db/schema";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import { deliverEmail, enqueueEmail, MAX_ATTEMPTS, retryDelayMs } from "~/integrations/email/outbox.server";
import { TEST_MAIL_FAILED } from "~/domain/company/smtp.server";
import { STEP_UP_PASSWORD } from "~/domain/identity/step-up";
import { BASE, cookieFor, createCompany, db, page, PASSWORD, postForm, signedInMinutesAgo, tokenFor } from "./helpers";
import { receivedFor, uniqueAddress, useFakeSmtp, waitForMail } from "./mail-helpers";
import { send } from "./account-helpers";

/**
 * Mail: the company's SMTP configuration (through the API and the dialog on /groups), sending
 * through it or the installation's server, the outbox and its retries. Who may point mail where,
 * TLS and the password at rest: smtp-security.test.ts.
 */

const MINUTE = 60_000;

async function outboxRow(id: string) {
  const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

function loadContext(overrides: Record<string, unknown> = {}) {
  const ctx = createExecutionContext();
  return { context: { env: { ...env, ...overrides }, ctx, db: db() }, ctx };
}

describe("sending through the company's own SMTP server", () => {
  it("writes the outbox row first and sends it right after the request, authenticated", async () => {
    const { company } = await createCompany("Mail Firm");
    await useFakeSmtp(company.id);
    const to = uniqueAddress("invitee");
    const { context, ctx } = loadContext();
    const id = await enqueueEmail(context, company.id, {
      to,
      subject: "Välkommen – join Mail Firm",
      text: "Open https://app.test/signup/abc to join.\n.dot line",
      html: '<p>Open <a href="https://app.test/signup/abc">the link</a></p>',
    });
    expect((await outboxRow(id)).toAddress).toBe(to);
    await waitOnExecutionContext(ctx);

    const [mail] = await receivedFor(to);
    expect(mail.from).toBe("mail@firm.test");
    expect(mail.user).toBe("mailer");
    expect(mail.subject).toBe("Välkommen – join Mail Firm");
    expect(mail.text).toBe("Open https://app.test/signup/abc to join.\r\n.dot line");
    expect(mail.html).toContain('href="https://app.test/signup/abc"');
    expect(mail.raw).toMatch(/^From: "Firm Mail" <mail@firm\.test>$/m);

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, nextAttemptAt: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it("sends a message only once when the request and the cron race for it", async () => {
    const { company } = await createCompany("Race Firm");
    await useFakeSmtp(company.id);
    const to = uniqueAddress("race");
    const id = await enqueueEmail(db(), company.id, { to, subject: "Once", text: "Only once" });
    const results = await Promise.all([deliverEmail({ db: db(), env }, id), deliverEmail({ db: db(), env }, id)]);
    expect(results.sort()).toEqual(["not-due", "sent"]);
    expect(await waitForMail(to)).toHaveLength(1);
  });
});

describe("the installation's default server", () => {
  it("sends from MAIL_FROM through SMTP_URL when the company has no server of its own", async () => {
    const { company } = await createCompany("Default Mail Firm");
    const to = uniqueAddress("default");
    const id = await enqueueEmail(db(), company.id, { to, subject: "Reset your password", text: "Reset" });
    const mailEnv = {
      ...env,
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${inject("smtpPort")}`,
      MAIL_FROM: "Availability <no-reply@availability.test>",
    };
    expect(await deliverEmail({ db: db(), env: mailEnv }, id)).toBe("sent");
    const [mail] = await receivedFor(to);
    expect(mail).toMatchObject({ from: "no-reply@availability.test", user: "mailer", subject: "Reset your password" });
  });

  it("keeps mail in the outbox when no server is configured (local development)", async () => {
    const { company } = await createCompany("Outbox Only Firm");
    const to = uniqueAddress("held");
    const { context, ctx } = loadContext();
    const id = await enqueueEmail(context, company.id, { to, subject: "Held", text: "Held" });
    await waitOnExecutionContext(ctx);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "pending", attempts: 0 });
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
    expect(await receivedFor(to)).toEqual([]);
  });
});

describe("failures and the cron's retries", () => {
  it("records a failed send and retries it from the cron with backoff until it is sent", async () => {
    const { company } = await createCompany("Flaky Mail Firm");
    await useFakeSmtp(company.id, { smtpPort: 1 }); // nothing listens on port 1: connection refused
    const to = uniqueAddress("retry");
    const start = new Date();
    const id = await enqueueEmail(db(), company.id, { to, subject: "Retry me", text: "Retry" }, start);

    expect(await deliverEmail({ db: db(), env }, id, start)).toBe("failed");
    const failed = await outboxRow(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt!.getTime()).toBe(start.getTime() + 5 * MINUTE);

    // The cron before the retry time leaves it alone.
    await runScheduledWork({ env, ctx: createExecutionContext(), db: db() }, new Date(start.getTime() + 4 * MINUTE));
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 1 });

    // A second failure doubles the wait.
    await runScheduledWork({ env, ctx: createExecutionContext(), db: db() }, new Date(start.getTime() + 5 * MINUTE));
    const twice = await outboxRow(id);
    expect(twice).toMatchObject({ status: "failed", attempts: 2 });
    expect(twice.nextAttemptAt!.getTime()).toBe(start.getTime() + 15 * MINUTE);

    // The server is back: the next cron run delivers it.
    await useFakeSmtp(company.id);
    await runScheduledWork({ env, ctx: createExecutionContext(), db: db() }, new Date(start.getTime() + 15 * MINUTE));
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(await receivedFor(to)).toHaveLength(1);
  });

  it("keeps a refused message in the outbox as failed after the last attempt", async () => {
    const { company } = await createCompany("Bounce Firm");
    await useFakeSmtp(company.id);
    const to = uniqueAddress("bounce");
    const now = new Date();
    const id = await enqueueEmail(db(), company.id, { to, subject: "Bounces", text: "Bounce" }, now);
    await db()
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    expect(await deliverEmail({ db: db(), env }, id, now)).toBe("failed");
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null, textBody: "Bounce" });
    expect(row.lastError).toContain("550");
  });

  it("fails with the server's answer when the SMTP password is wrong", async () => {
    const { company } = await createCompany("Wrong Password Firm");
    await useFakeSmtp(company.id, { smtpPassword: "wrong" });
    const to = uniqueAddress("auth");
    const id = await enqueueEmail(db(), company.id, { to, subject: "Auth", text: "Auth" });
    expect(await deliverEmail({ db: db(), env }, id)).toBe("failed");
    expect((await outboxRow(id)).lastError).toMatch(/AUTH refused: 535/);
  });

  it("backs off 5 minutes, doubling, at most 6 hours", () => {
    expect([1, 2, 3, 4, 7, 8, 12].map((n) => retryDelayMs(n) / MINUTE)).toEqual([5, 10, 20, 40, 320, 360, 360]);
  });
});

describe("the development mailbox", () => {
  it("lists queued mail with clickable links", async () => {
    const { company } = await createCompany("Mailbox Firm");
    const to = uniqueAddress("mailbox");
    await enqueueEmail(db(), company.id, { to, subject: "You are invited", text: "Join: http://localhost/signup/secret-token now" });
    const response = await SELF.fetch(`${BASE}/dev/mailbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("You are invited");
    expect(html).toContain('<a href="http://localhost/signup/secret-token"');
  });

  it("does not exist outside development and test", async () => {
    const { loader } = await import("~/routes/dev.mailbox");
    const request = new Request(`${BASE}/dev/mailbox`);
    const result = loader({
      request,
      params: {},
      context: { env: { ...env, APP_ENV: "production" }, ctx: createExecutionContext(), db: db() },
    } as never);
    await expect(result).rejects.toMatchObject({ status: 404 });
  });
});

describe("the company's SMTP config", () => {
  it("saves host, port and sender, keeps the password write-only and sealed, tests it, and resets", async () => {
    const firm = await createCompany("Smtp Config Firm");
    const admin = await firm.createUser("companyAdmin", { groupId: null, officeId: null, email: `smtp-admin-${Date.now()}@inbox.test` });
    const token = await tokenFor(admin.email);
    const currentPassword = PASSWORD;
    const missing = await send("PUT", "/company/smtp-config", token, { smtpHost: "127.0.0.1", currentPassword });
    expect(missing.body).toMatchObject({
      entityType: "SmtpConfigInputErrors",
      errors: { smtpPort: "This field is required.", smtpSender: "This field is required." },
    });
    expect(
      (await send("PUT", "/company/smtp-config", token, { smtpHost: "smtp.firm.se", smtpPort: 70000, smtpSender: "a@b.se", currentPassword })).body
        .errors,
    ).toEqual({
      smtpPort: "Needs to be a port number from 1 to 65535.",
    });

    const saved = await send("PUT", "/company/smtp-config", token, {
      smtpHost: "127.0.0.1",
      smtpPort: inject("smtpPort"),
      smtpSender: "Firm <mail@firm.test>",
      smtpUser: "mailer",
      smtpPassword: "secret",
      currentPassword,
    });
    expect(saved.body).toEqual({ message: "SMTP config updated." });
    // Sealed at rest: the row holds no plaintext.
    const [sealed] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(sealed.smtpPassword).toMatch(/^sb1:/);
    expect(sealed.smtpPassword).not.toContain("secret");
    // Saving again without a password keeps the stored one.
    await send("PUT", "/company/smtp-config", token, {
      smtpHost: "127.0.0.1",
      smtpPort: String(inject("smtpPort")),
      smtpSender: "Firm <mail@firm.test>",
      smtpUser: "mailer",
      currentPassword,
    });
    const company = await send("GET", "/company", token);
    expect(company.body).toMatchObject({ smtpHost: "127.0.0.1", smtpUser: "mailer" });
    expect(JSON.stringify(company.body)).not.toContain("secret");
    expect(JSON.stringify(company.body)).not.toContain("sb1:");

    const tested = await send("PUT", "/company/test-smtp-config", token);
    expect(tested.body).toEqual({ message: `Test e-mail sent to ${admin.email}.` });
    const [mail] = await waitForMail(admin.email);
    expect(mail).toMatchObject({ user: "mailer", subject: "Test e-mail from Smtp Config Firm" });

    await db().update(companies).set({ smtpPort: 1 }).where(eq(companies.id, firm.company.id));
    const failing = await send("PUT", "/company/test-smtp-config", token);
    expect(failing.status).toBe(400);
    expect(failing.body.message).toBe(TEST_MAIL_FAILED);

    const reset = await send("PUT", "/company/smtp-config", token, { smtpHost: "", smtpPort: "", smtpSender: "", currentPassword });
    expect(reset.body).toEqual({ message: "Custom SMTP config removed, using Availability servers instead" });
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(row).toMatchObject({ smtpHost: null, smtpPort: null, smtpSender: null, smtpPassword: null });
    expect((await send("PUT", "/company/test-smtp-config", token)).body.message).toBe("Save a host, port and sender first.");
  });
});

describe("SMTP configuration on /groups", () => {
  const post = (cookie: string, fields: Record<string, string>) => postForm(cookie, "/groups?_data=routes%2F_app.groups", fields);
  const companyRow = async (id: string) => (await db().select().from(companies).where(eq(companies.id, id)))[0];
  let firm: Awaited<ReturnType<typeof createCompany>>;
  let admin: string;
  let adminUser: Awaited<ReturnType<typeof firm.createUser>>;
  let observer: string;

  beforeAll(async () => {
    firm = await createCompany("Smtp Page Firm");
    adminUser = await firm.createUser("companyAdmin", { groupId: null, officeId: null });
    admin = await cookieFor(adminUser.email);
    observer = await cookieFor((await firm.createUser("observer")).email);
  });

  it("requires host, port and sender together, then saves, and reset names the provider", async () => {
    const missing = await post(admin, { intent: "updateSmtp", smtpHost: "smtp.firm-mail.se" });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("This field is required.");
    expect((await companyRow(firm.company.id)).smtpHost).toBeNull();

    const saved = await post(admin, {
      intent: "updateSmtp",
      smtpHost: "smtp.firm-mail.se",
      smtpPort: "587",
      smtpSender: "mail@firm.test",
      smtpUser: "u",
      smtpPassword: "p",
      currentPassword: PASSWORD,
    });
    expect(saved.status).toBe(200);
    // The passwords are never sent back: not on a save, a refusal or a reset.
    const savedReply = await saved.text();
    expect(savedReply).not.toContain(PASSWORD);
    expect(savedReply).not.toContain(':"p"');
    const wrongPassword = await post(admin, {
      intent: "updateSmtp",
      smtpHost: "smtp.firm-mail.se",
      smtpPort: "587",
      smtpSender: "mail@firm.test",
      smtpPassword: "secret-2",
      currentPassword: "not-it",
    });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).not.toMatch(/secret-2|not-it/);
    expect(await companyRow(firm.company.id)).toMatchObject({
      smtpHost: "smtp.firm-mail.se",
      smtpPort: 587,
      smtpSender: "mail@firm.test",
    });
    expect((await companyRow(firm.company.id)).smtpPassword).toMatch(/^sb1:/);

    // The password typed for the save opened the step-up's window; once it has closed, the reset asks again.
    await signedInMinutesAgo(adminUser.id, 11);
    const unconfirmed = await post(admin, { intent: "resetSmtp" });
    expect(unconfirmed.status).toBe(400);
    expect(JSON.stringify(await unconfirmed.json())).toContain(STEP_UP_PASSWORD);
    expect((await companyRow(firm.company.id)).smtpHost).toBe("smtp.firm-mail.se");
    const reset = await post(admin, { intent: "resetSmtp", currentPassword: PASSWORD });
    expect(reset.status).toBe(200);
    const resetReply = await reset.text();
    expect(resetReply).not.toContain(PASSWORD);
    expect((JSON.parse(resetReply) as { message: string }).message).toMatch(/^Custom SMTP config removed, using .+ servers instead$/);
    expect(await companyRow(firm.company.id)).toMatchObject({ smtpHost: null, smtpPort: null, smtpSender: null, smtpPassword: null });
  });

  it("answers the test e-mail's refusal as the form message when no server is saved", async () => {
    const response = await post(admin, { intent: "testSmtp" });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("Save a host, port and sender first.");
  });

  it("refuses the observer and an administrator (company admins only), and shows them no SMTP dialog", async () => {
    const administrator = await cookieFor((await firm.createUser("administrator")).email);
    for (const cookie of [observer, administrator]) {
      const fields = { intent: "updateSmtp", smtpHost: "smtp.evil-mail.se", smtpPort: "25", smtpSender: "s@evil-mail.se", currentPassword: PASSWORD };
      expect((await post(cookie, fields)).status).toBe(403);
      expect((await post(cookie, { intent: "testSmtp" })).status).toBe(403);
      const data = (await (await page("/groups?_data=routes%2F_app.groups", { headers: { Cookie: cookie } })).json()) as { smtp: unknown };
      expect(data.smtp).toBeFalsy();
    }
    expect((await companyRow(firm.company.id)).smtpHost).toBeNull();
  });
});
