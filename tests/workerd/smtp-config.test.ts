import { eq } from "drizzle-orm";
import { inject, describe, expect, it } from "vitest";
import { companies } from "~/db/schema";
import { send } from "./account-helpers";
import { createCompany, db, tokenFor } from "./helpers";
import { waitForMail } from "./mail-helpers";

describe("the company's SMTP config", () => {
  it("saves host, port and sender, keeps the password write-only, tests it, and resets", async () => {
    const firm = await createCompany("Smtp Config Firm");
    const admin = await firm.createUser("companyAdmin", { groupId: null, officeId: null, email: `smtp-admin-${Date.now()}@inbox.test` });
    const token = await tokenFor(admin.email);
    const missing = await send("PUT", "/company/smtp-config", token, { smtpHost: "127.0.0.1" });
    expect(missing.body).toMatchObject({
      entityType: "SmtpConfigInputErrors",
      errors: { smtpPort: "This field is required.", smtpSender: "This field is required." },
    });
    expect((await send("PUT", "/company/smtp-config", token, { smtpHost: "x", smtpPort: 70000, smtpSender: "a@b.se" })).body.errors).toEqual({
      smtpPort: "Needs to be a port number from 1 to 65535.",
    });

    const saved = await send("PUT", "/company/smtp-config", token, {
      smtpHost: "127.0.0.1",
      smtpPort: inject("smtpPort"),
      smtpSender: "Firm <mail@firm.test>",
      smtpUser: "mailer",
      smtpPassword: "secret",
    });
    expect(saved.body).toEqual({ message: "SMTP config updated." });
    // Saving again without a password keeps the stored one.
    await send("PUT", "/company/smtp-config", token, {
      smtpHost: "127.0.0.1",
      smtpPort: String(inject("smtpPort")),
      smtpSender: "Firm <mail@firm.test>",
      smtpUser: "mailer",
    });
    const company = await send("GET", "/company", token);
    expect(company.body).toMatchObject({ smtpHost: "127.0.0.1", smtpUser: "mailer" });
    expect(JSON.stringify(company.body)).not.toContain("secret");

    const tested = await send("PUT", "/company/test-smtp-config", token);
    expect(tested.body).toEqual({ message: `Test e-mail sent to ${admin.email}.` });
    const [mail] = await waitForMail(admin.email);
    expect(mail).toMatchObject({ user: "mailer", subject: "Test e-mail from Smtp Config Firm" });

    await db().update(companies).set({ smtpPort: 1 }).where(eq(companies.id, firm.company.id));
    const failing = await send("PUT", "/company/test-smtp-config", token);
    expect(failing.status).toBe(400);
    expect(failing.body.message).toMatch(/^The test e-mail could not be sent: /);

    const reset = await send("PUT", "/company/smtp-config", token, { smtpHost: "", smtpPort: "", smtpSender: "" });
    expect(reset.body).toEqual({ message: "Custom SMTP config removed, using Availability servers instead" });
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(row).toMatchObject({ smtpHost: null, smtpPort: null, smtpSender: null, smtpPassword: null });
    expect((await send("PUT", "/company/test-smtp-config", token)).body.message).toBe("Save a host, port and sender first.");
  });
});
