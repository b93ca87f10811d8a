import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { auditLog, companies, emailOutbox, totpFactors } from "~/db/schema";
import { resealSecrets } from "~/domain/operations/reseal-secrets.server";
import { deliverEmail, enqueueEmail } from "~/integrations/email/outbox.server";
import { buildMime } from "~/integrations/email/mime";
import { sendSmtp } from "~/integrations/email/smtp-client.server";
import { HOST_MESSAGE, PORT_MESSAGE, SENDER_MESSAGE, CONTROL_MESSAGE, smtpTargetProblem } from "~/integrations/email/smtp-policy";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import type { Env } from "~/env";
import { send } from "./account-helpers";
import { STEP_UP_PASSWORD } from "~/domain/identity/step-up";
import { createCompanyWithRoles, db, PASSWORD, runtime, signedInMinutesAgo } from "./helpers";
import { receivedFor, uniqueAddress, useFakeSmtp } from "./mail-helpers";

/**
 * Issue 9, item 4: the company's mail server cannot be turned into a way to read other
 * people's reset links (decision 0080).
 */

async function smtpRow(companyId: string) {
  const [row] = await db().select().from(companies).where(eq(companies.id, companyId));
  return row;
}

const PUBLIC_SERVER = { smtpHost: "smtp.firm-mail.se", smtpPort: 587, smtpSender: "Firm <no-reply@firm-mail.se>" };

describe("who may set the company's mail server", () => {
  it("refuses an administrator scoped to an office (403) for the settings and the test mail, and changes nothing", async () => {
    const firm = await createCompanyWithRoles("Scoped Smtp Firm");
    for (const role of ["administrator", "observer", "employee"] as const) {
      const saved = await send("PUT", "/company/smtp-config", firm.tokens[role], { ...PUBLIC_SERVER, currentPassword: PASSWORD });
      expect(saved.status).toBe(403);
      expect((await send("PUT", "/company/test-smtp-config", firm.tokens[role])).status).toBe(403);
    }
    expect(await smtpRow(firm.company.id)).toMatchObject({ smtpHost: null, smtpPort: null, smtpSender: null });
  });

  it("asks a company admin who signed in over 10 minutes ago for their password, and changes nothing without the right one", async () => {
    const firm = await createCompanyWithRoles("Password Smtp Firm");
    const token = firm.tokens.companyAdmin;
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const without = await send("PUT", "/company/smtp-config", token, PUBLIC_SERVER);
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual({ currentPassword: STEP_UP_PASSWORD });
    const wrong = await send("PUT", "/company/smtp-config", token, { ...PUBLIC_SERVER, currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: "Wrong password." });
    const reset = await send("PUT", "/company/smtp-config", token, { smtpHost: "", smtpPort: "", smtpSender: "" });
    expect(reset.body.errors).toEqual({ currentPassword: STEP_UP_PASSWORD });
    expect(await smtpRow(firm.company.id)).toMatchObject({ smtpHost: null });

    const ok = await send("PUT", "/company/smtp-config", token, { ...PUBLIC_SERVER, currentPassword: PASSWORD });
    expect(ok.body).toEqual({ message: "SMTP config updated." });
    expect(await smtpRow(firm.company.id)).toMatchObject({ smtpHost: "smtp.firm-mail.se", smtpPort: 587 });
  });

  it("tells every company admin of the change through the installation's server, not the new one", async () => {
    const firm = await createCompanyWithRoles("Notice Smtp Firm");
    const second = await firm.createUser("companyAdmin", { groupId: null, officeId: null });
    const other = await createCompanyWithRoles("Bystander Smtp Firm");
    const saved = await send("PUT", "/company/smtp-config", firm.tokens.companyAdmin, { ...PUBLIC_SERVER, currentPassword: PASSWORD });
    expect(saved.status).toBe(200);
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.companyId, firm.company.id), eq(emailOutbox.subject, "Notice Smtp Firm: mail server settings changed")));
    expect(notices.map((n) => n.toAddress).sort()).toEqual([firm.people.companyAdmin.email, second.email].sort());
    expect(notices.every((n) => n.viaInstallation)).toBe(true);
    expect(notices[0].textBody).toContain("smtp.firm-mail.se:587");
    expect(notices[0].textBody).toContain(firm.people.companyAdmin.email);
    const elsewhere = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, other.people.companyAdmin.email));
    expect(elsewhere).toEqual([]);

    // Delivered through the installation's server although the company now has its own.
    const installation = {
      ...env,
      SMTP_URL: `smtp://mailer:secret@127.0.0.1:${inject("smtpPort")}`,
      MAIL_FROM: "Availability <no-reply@availability.test>",
    };
    expect(await deliverEmail({ db: db(), env: installation }, notices[0].id)).toBe("sent");
    const [mail] = await receivedFor(notices[0].toAddress);
    expect(mail.from).toBe("no-reply@availability.test");
  });
});

describe("where the mail server may point", () => {
  const refused: [string, Record<string, unknown>, Record<string, string>][] = [
    ["a private IPv4 literal", { smtpHost: "10.0.0.5" }, { smtpHost: HOST_MESSAGE }],
    ["the metadata link-local address", { smtpHost: "169.254.169.254" }, { smtpHost: HOST_MESSAGE }],
    ["a decimal IP", { smtpHost: "2130706433" }, { smtpHost: HOST_MESSAGE }],
    ["a hex IP", { smtpHost: "0x7f.0.0.1" }, { smtpHost: HOST_MESSAGE }],
    ["an IPv6 literal", { smtpHost: "[fe80::1]" }, { smtpHost: HOST_MESSAGE }],
    ["a single-label name", { smtpHost: "mailhost" }, { smtpHost: HOST_MESSAGE }],
    ["a .local name", { smtpHost: "smtp.office.local" }, { smtpHost: HOST_MESSAGE }],
    ["a .internal name", { smtpHost: "mail.corp.internal" }, { smtpHost: HOST_MESSAGE }],
    ["a name under localhost", { smtpHost: "mail.localhost" }, { smtpHost: HOST_MESSAGE }],
    ["a port that is not a mail port", { smtpPort: 8025 }, { smtpPort: PORT_MESSAGE }],
    ["a line break in the host", { smtpHost: "smtp.firm-mail.se\r\nX: y" }, { smtpHost: CONTROL_MESSAGE }],
    ["a header smuggled in the sender", { smtpSender: "no-reply@firm-mail.se\r\nBcc: spy@evil.example" }, { smtpSender: CONTROL_MESSAGE }],
    ["a sender that is not an address", { smtpSender: "Firm mail" }, { smtpSender: SENDER_MESSAGE }],
    ["a sender with two addresses", { smtpSender: "a@firm-mail.se, b@evil.example" }, { smtpSender: SENDER_MESSAGE }],
  ];
  it.each(refused)("refuses %s with a field message and changes nothing", async (_label, override, errors) => {
    const firm = await createCompanyWithRoles("Target Smtp Firm");
    const response = await send("PUT", "/company/smtp-config", firm.tokens.companyAdmin, {
      ...PUBLIC_SERVER,
      ...override,
      currentPassword: PASSWORD,
    });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(errors);
    expect(await smtpRow(firm.company.id)).toMatchObject({ smtpHost: null });
  });

  it("allows the loopback test server only with the explicit development setting", () => {
    const loopback = { host: "127.0.0.1", port: 2525 };
    expect(smtpTargetProblem(loopback, { APP_ENV: "test", ALLOW_LOOPBACK_SMTP: "true" })).toBeNull();
    expect(smtpTargetProblem(loopback, { APP_ENV: "test" })).toMatchObject({ field: "smtpHost" });
    expect(smtpTargetProblem(loopback, { APP_ENV: "production", ALLOW_LOOPBACK_SMTP: "true" })).toMatchObject({ field: "smtpHost" });
    expect(smtpTargetProblem({ host: "localhost", port: 25 }, { APP_ENV: "production" })).toMatchObject({ field: "smtpHost" });
    expect(smtpTargetProblem({ host: "smtp.office365.com", port: 587 }, { APP_ENV: "production" })).toBeNull();
  });

  it("holds a server saved before the rules to them when sending (the outbox refuses it)", async () => {
    const firm = await createCompanyWithRoles("Legacy Smtp Firm");
    await useFakeSmtp(firm.company.id, { smtpHost: "10.1.2.3", smtpPort: 25 });
    const to = uniqueAddress("legacy");
    const id = await enqueueEmail(db(), firm.company.id, { to, subject: "Held", text: "Held" });
    expect(await deliverEmail({ db: db(), env }, id)).toBe("failed");
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.lastError).toContain("not allowed");
  });
});

describe("TLS and headers", () => {
  it("refuses to send over a plain connection (no STARTTLS offered) unless plaintext loopback is allowed", async () => {
    const to = uniqueAddress("plain");
    const settings = { host: "127.0.0.1", port: inject("smtpPort"), secure: false, sender: "mail@firm.test" };
    const data = buildMime({ from: settings.sender, to, subject: "Plain", text: "Plain" });
    await expect(sendSmtp(settings, to, data)).rejects.toThrow(/offers no encryption/);
    expect(await receivedFor(to)).toEqual([]);
    await sendSmtp(settings, to, data, { allowLoopbackPlaintext: true });
    expect(await receivedFor(to)).toHaveLength(1);
  });

  it("never lets a line break in an address reach a header or the envelope", async () => {
    expect(() => buildMime({ from: "a@firm.test\r\nBcc: spy@evil.example", to: "b@firm.test", subject: "x", text: "x" })).toThrow();
    expect(() => buildMime({ from: "a@firm.test", to: "b@firm.test\nBcc: spy@evil.example", subject: "x", text: "x" })).toThrow();
    const settings = { host: "127.0.0.1", port: inject("smtpPort"), secure: false, sender: "a@firm.test>\r\nRCPT TO:<spy@evil.example" };
    await expect(sendSmtp(settings, "b@firm.test", "x", { allowLoopbackPlaintext: true })).rejects.toThrow(/envelope/);
    expect(await receivedFor("spy@evil.example")).toEqual([]);
  });
});

describe("the SMTP password at rest", () => {
  it("is sealed by the cron when it was stored before sealing, and mail still authenticates", async () => {
    const firm = await createCompanyWithRoles("Reseal Smtp Firm");
    await useFakeSmtp(firm.company.id); // plaintext "secret", as rows written before sealing
    await resealSecrets(runtime());
    const row = await smtpRow(firm.company.id);
    expect(row.smtpPassword).toMatch(/^sb1:local:/);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.action, "smtp-password-resealed")));
    expect(audited.map((a) => [a.actorId, a.data])).toEqual([[null, { source: "secrets" }]]);
    expect(await openSecret(env, `companies.smtp_password:${firm.company.id}`, row.smtpPassword!)).toBe("secret");
    const to = uniqueAddress("sealed");
    const id = await enqueueEmail(db(), firm.company.id, { to, subject: "Sealed", text: "Sealed" });
    expect(await deliverEmail({ db: db(), env }, id)).toBe("sent");
    const [mail] = await receivedFor(to);
    expect(mail.user).toBe("mailer");
  });
});

describe("a rotation of SECRET_BOX_KEYS", () => {
  it("re-seals every kind of stored secret under the new key, each still opening to what was entered, and audits each", async () => {
    const firm = await createCompanyWithRoles("Rotation Firm");
    const id = firm.company.id;
    const person = firm.people.employee;
    const entered = { smtp: "smtp-pass", elite: "elite-secret", cv: "cv-key", totp: "JBSWY3DPEHPK3PXP" };
    await db()
      .update(companies)
      .set({
        smtpPassword: await sealSecret(env, `companies.smtp_password:${id}`, entered.smtp),
        elite3eClientSecret: await sealSecret(env, `companies.elite3e_client_secret:${id}`, entered.elite),
        cvServiceKey: await sealSecret(env, `companies.cv_service_key:${id}`, entered.cv),
      })
      .where(eq(companies.id, id));
    await db()
      .insert(totpFactors)
      .values({
        userId: person.id,
        companyId: id,
        secretSealed: await sealSecret(env, `totp_factors.secret:${person.id}`, entered.totp),
        confirmedAt: new Date(),
      });
    const stored = async () => {
      const [company] = await db().select().from(companies).where(eq(companies.id, id));
      const [factor] = await db().select().from(totpFactors).where(eq(totpFactors.userId, person.id));
      return { smtp: company.smtpPassword!, elite: company.elite3eClientSecret!, cv: company.cvServiceKey!, totp: factor.secretSealed };
    };
    const opened = async (keys: Env, values: Awaited<ReturnType<typeof stored>>) => ({
      smtp: await openSecret(keys, `companies.smtp_password:${id}`, values.smtp),
      elite: await openSecret(keys, `companies.elite3e_client_secret:${id}`, values.elite),
      cv: await openSecret(keys, `companies.cv_service_key:${id}`, values.cv),
      totp: await openSecret(keys, `totp_factors.secret:${person.id}`, values.totp),
    });
    const before = await stored();
    expect(Object.values(before).every((value) => value.startsWith("sb1:local:"))).toBe(true);

    // The new key first, the old one kept after it: the cron moves every value over.
    const NEW_KEY = "k2:" + btoa("N".repeat(32));
    const rotated = { ...(env as Env), SECRET_BOX_KEYS: `${NEW_KEY},local:bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=` };
    expect(await resealSecrets({ ...runtime(), env: rotated })).toBeGreaterThanOrEqual(4);
    const after = await stored();
    expect(Object.values(after).every((value) => value.startsWith("sb1:k2:"))).toBe(true);
    // The old key can now go: the values open with the new key alone.
    expect(await opened({ ...(env as Env), SECRET_BOX_KEYS: NEW_KEY }, after)).toEqual(entered);
    const audited = await db()
      .select({ action: auditLog.action, entityId: auditLog.entityId, actorId: auditLog.actorId, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.companyId, id));
    expect(audited.filter((row) => row.action.endsWith("-resealed")).sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: "cv-key-resealed", entityId: id, actorId: null, data: { source: "secrets" } },
      { action: "elite3e-secret-resealed", entityId: id, actorId: null, data: { source: "secrets" } },
      { action: "smtp-password-resealed", entityId: id, actorId: null, data: { source: "secrets" } },
      { action: "totp-secret-resealed", entityId: person.id, actorId: null, data: { source: "secrets" } },
    ]);
    // Nothing is left to do under the same keys.
    expect(await resealSecrets({ ...runtime(), env: rotated })).toBe(0);

    // And back (the other tests of this file use the local key): the same path in reverse.
    await resealSecrets({ ...runtime(), env: { ...(env as Env), SECRET_BOX_KEYS: `local:bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=,${NEW_KEY}` } });
    expect(await opened(env, await stored())).toEqual(entered);
  });
});

describe("secret box", () => {
  const KEY_A = "a:" + btoa("A".repeat(32));
  const KEY_B = "b:" + btoa("B".repeat(32));
  const prod = (keys?: string) => ({ APP_ENV: "production", SECRET_BOX_KEYS: keys });

  it("opens only what it sealed, for the same place, and not when altered", async () => {
    const sealed = await sealSecret(prod(KEY_A), "companies.smtp_password:1", "hunter2");
    expect(sealed).toMatch(/^sb1:a:/);
    expect(sealed).not.toContain("hunter2");
    expect(await openSecret(prod(KEY_A), "companies.smtp_password:1", sealed)).toBe("hunter2");
    await expect(openSecret(prod(KEY_A), "companies.smtp_password:2", sealed)).rejects.toThrow(/does not open/);
    const altered = sealed.slice(0, -2) + (sealed.endsWith("AA") ? "BB" : "AA");
    await expect(openSecret(prod(KEY_A), "companies.smtp_password:1", altered)).rejects.toThrow();
  });

  it("rotates: a new key first still opens values sealed with the old one, by the stored key id", async () => {
    const old = await sealSecret(prod(KEY_A), "p", "s3cret");
    expect(await openSecret(prod(`${KEY_B},${KEY_A}`), "p", old)).toBe("s3cret");
    expect(await sealSecret(prod(`${KEY_B},${KEY_A}`), "p", "x")).toMatch(/^sb1:b:/);
    await expect(openSecret(prod(KEY_B), "p", old)).rejects.toThrow(/key a/);
  });

  it("refuses to work without a key outside development", async () => {
    await expect(sealSecret(prod(), "p", "x")).rejects.toThrow(/SECRET_BOX_KEYS/);
  });
});
