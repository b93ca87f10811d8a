import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "~/db/schema";
import { cookieFor, createCompany, db, page, PASSWORD, postForm } from "./helpers";

const post = (cookie: string, fields: Record<string, string>) => postForm(cookie, "/groups?_data=routes%2F_app.groups", fields);

const companyRow = async (id: string) => (await db().select().from(companies).where(eq(companies.id, id)))[0];

let firm: Awaited<ReturnType<typeof createCompany>>;
let admin: string;
let observer: string;

beforeAll(async () => {
  firm = await createCompany("Html Firm", { enableCustomHtml: true });
  admin = await cookieFor((await firm.createUser("companyAdmin", { groupId: null, officeId: null })).email);
  observer = await cookieFor((await firm.createUser("observer")).email);
});

describe("custom html on /groups", () => {
  it("saves the company's html, and the observer can change nothing", async () => {
    expect((await post(admin, { intent: "updateCustomHtml", customHtml: "<p>Hi USER_NAME</p>" })).status).toBe(200);
    expect((await companyRow(firm.company.id)).customHtml).toBe("<p>Hi USER_NAME</p>");
    expect((await post(observer, { intent: "updateCustomHtml", customHtml: "<p>x</p>" })).status).toBe(403);
    expect((await companyRow(firm.company.id)).customHtml).toBe("<p>Hi USER_NAME</p>");
  });
});

describe("SMTP configuration on /groups", () => {
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
    expect(await companyRow(firm.company.id)).toMatchObject({
      smtpHost: "smtp.firm-mail.se",
      smtpPort: 587,
      smtpSender: "mail@firm.test",
    });
    expect((await companyRow(firm.company.id)).smtpPassword).toMatch(/^sb1:/);

    const unconfirmed = await post(admin, { intent: "resetSmtp" });
    expect(unconfirmed.status).toBe(400);
    expect(JSON.stringify(await unconfirmed.json())).toContain("This field is required.");
    expect((await companyRow(firm.company.id)).smtpHost).toBe("smtp.firm-mail.se");
    const reset = await post(admin, { intent: "resetSmtp", currentPassword: PASSWORD });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { message: string }).message).toMatch(/^Custom SMTP config removed, using .+ servers instead$/);
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
