import { env, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, companies, companyDomains, emailOutbox, installationDomains, users } from "~/db/schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { FIRM_ICON_MESSAGE, firmIconUrl } from "~/domain/company/firm-icon";
import { isOperator } from "~/auth/operator.server";
import { companyRow } from "~/db/factories";
import { BASE, createCompany, createUser, db, PASSWORD, dbOfFirm, syncDirectory } from "./helpers";

// [env.dev] in wrangler.toml names the operator by user id in the Operations company (decision 0081).
const OPERATOR = "operator@demo.test";
const OPERATOR_ID = env.OPERATOR_USER_IDS!;
const OPERATIONS_ID = env.OPERATIONS_COMPANY_ID!;

function page(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
}

async function cookieFor(email: string): Promise<string> {
  const form = new URLSearchParams({ email, password: PASSWORD, redirectTo: "" });
  const response = await page("/login", {
    method: "POST",
    body: form,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
  });
  const cookie = response.headers.get("Set-Cookie");
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie.split(";")[0];
}

function post(cookie: string, fields: Record<string, string>) {
  return page("/operator?_data=routes%2F_app.operator", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

let operatorCookie: string;
let firm: Awaited<ReturnType<typeof createCompany>>;
let firmAdminCookie: string;

beforeAll(async () => {
  await db()
    .insert(companies)
    .values(companyRow({ id: OPERATIONS_ID, name: "Operations", settings: "{}" }));
  await createUser(OPERATIONS_ID, "companyAdmin", { id: OPERATOR_ID, email: OPERATOR, groupId: null, officeId: null });
  operatorCookie = await cookieFor(OPERATOR);
  firm = await createCompany("Operator Firm", { enableCustomHtml: true });
  const admin = await firm.createUser("companyAdmin", { groupId: null, officeId: null });
  firmAdminCookie = await cookieFor(admin.email);
});

describe("operator console access", () => {
  it("answers 404 to people not listed in OPERATOR_USER_IDS, company admins included, for the page and the action", async () => {
    const employee = await firm.createUser("employee");
    for (const cookie of [firmAdminCookie, await cookieFor(employee.email)]) {
      const response = await page("/operator", { headers: { Cookie: cookie } });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page not found");
      const action = await post(cookie, { intent: "updateCompany", id: firm.company.id, name: "Hijacked" });
      expect(action.status).toBe(404);
    }
    const [row] = await db().select({ name: companies.name }).from(companies).where(eq(companies.id, firm.company.id));
    expect(row.name).toBe("Operator Firm");
  });

  it("sends signed-out people to sign in", async () => {
    const response = await page("/operator");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/login");
  });

  it("shows the operator every company with its people count", async () => {
    const response = await page("/operator", { headers: { Cookie: operatorCookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Operator console");
    expect(html).toContain("Operator Firm");
    const data = (await (await page("/operator?_data=routes%2F_app.operator", { headers: { Cookie: operatorCookie } })).json()) as {
      companies: { _id: string; name: string; people: number }[];
    };
    expect(data.companies.find((c) => c._id === firm.company.id)?.people).toBe(2);
  });
});

describe("creating a company", () => {
  it("creates the company and invites its first company administrator, with audit rows", async () => {
    const response = await post(operatorCookie, {
      intent: "createCompany",
      name: "  Nordic Counsel  ",
      adminName: "Nina Newfirm",
      adminEmail: "Nina@Nordic.test",
    });
    expect(response.status).toBe(200);
    // The new firm is on the shard the directory names (the one with the most headroom; decision 0313).
    const { companyId } = (await env.DIRECTORY.prepare("select company_id as companyId from firms where name = ?").bind("Nordic Counsel").first<{
      companyId: string;
    }>())!;
    const firmDb = await dbOfFirm(companyId);
    const [company] = await firmDb.select().from(companies).where(eq(companies.name, "Nordic Counsel"));
    expect(company).toBeDefined();
    const [admin] = await firmDb.select().from(users).where(eq(users.email, "nina@nordic.test"));
    expect(admin).toMatchObject({
      companyId: company.id,
      name: "Nina Newfirm",
      companyAdmin: true,
      admin: false,
      completed: false,
      groupId: null,
      officeId: null,
    });
    const mails = await firmDb.select().from(emailOutbox).where(eq(emailOutbox.companyId, company.id));
    expect(mails).toHaveLength(1);
    expect(mails[0].toAddress).toBe("nina@nordic.test");
    expect(JSON.stringify(mails[0])).toMatch(new RegExp(`/signup/${company.id}\\.[A-Za-z0-9_-]{43}`));
    const audit = await firmDb.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["invite", "operator-create-company"]);
  });

  it("refuses an e-mail that is taken, and leaves no company behind", async () => {
    const response = await post(operatorCookie, { intent: "createCompany", name: "Duplicate Partners", adminName: "Dup", adminEmail: OPERATOR });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("A user with this e-mail already exists.");
    expect(await db().select().from(companies).where(eq(companies.name, "Duplicate Partners"))).toHaveLength(0);
  });

  it("requires a name and a valid e-mail", async () => {
    const response = await post(operatorCookie, { intent: "createCompany", name: "", adminName: "", adminEmail: "not-an-email" });
    expect(response.status).toBe(400);
    const body = JSON.stringify(await response.json());
    expect(body).toContain("This field is required.");
    expect(body).toContain("Needs to be a valid email");
  });
});

describe("editing a company", () => {
  const base = { intent: "updateCompany", mattersTimeperiod: "7", elsewhereLabel: "Elsewhere", icon: "", enableCustomHtml: "on" };

  it("writes the name and every switch (unchecked means off, even for expandComment)", async () => {
    const response = await post(operatorCookie, {
      ...base,
      id: firm.company.id,
      name: "Operator Firm LLP",
      mattersTimeperiod: "14",
      elsewhereLabel: "Court",
      enableProjectStages: "on",
    });
    expect(response.status).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(row.name).toBe("Operator Firm LLP");
    const settings = readCompanySettings(row.settings);
    expect(settings).toMatchObject({
      mattersTimeperiod: 14,
      elsewhereLabel: "Court",
      enableProjectStages: true,
      enableCustomHtml: true,
      expandComment: false,
      disableWFH: false,
    });
    const audit = await db()
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.action, "operator-update-company")));
    expect(audit).toHaveLength(1);
    expect(audit[0].data).toMatchObject({ before: { name: "Operator Firm" }, after: { name: "Operator Firm LLP" } });
  });

  it("takes an https (or inline image) icon and refuses any other address, changing nothing", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    for (const icon of [
      "javascript:alert(1)",
      "http://images.example/logo.png",
      "data:text/html,<b>x</b>",
      "https://user:pw@images.example/x.png",
      "logo.png",
    ]) {
      const response = await post(operatorCookie, { ...base, id: firm.company.id, name: "Operator Firm", icon });
      expect(response.status, icon).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(FIRM_ICON_MESSAGE);
    }
    expect((await db().select().from(companies).where(eq(companies.id, firm.company.id)))[0]).toEqual(before);

    const icon = "https://images.example/firm.png";
    expect((await post(operatorCookie, { ...base, id: firm.company.id, name: "Operator Firm", icon })).status).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(readCompanySettings(row.settings).icon).toBe(icon);
    expect(firmIconUrl(icon)).toBe(icon);
    // What was stored before the rule is not shown; the product's mark stands in.
    expect(firmIconUrl("javascript:alert(1)")).toBeNull();
    expect(firmIconUrl("data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E")).not.toBeNull();
    expect(firmIconUrl("http://127.0.0.1:8788/logo.png")).not.toBeNull();
  });

  it("sets the firm's language to one that has a catalog, and refuses any other, changing nothing", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    const refused = await post(operatorCookie, { ...base, id: firm.company.id, name: before.name, language: "xx" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Choose a language from the list.");
    expect((await db().select().from(companies).where(eq(companies.id, firm.company.id)))[0]).toEqual(before);
    expect((await post(operatorCookie, { ...base, id: firm.company.id, name: before.name, language: "sv" })).status).toBe(200);
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(readCompanySettings(row.settings).language).toBe("sv");
    // Back to English: later tests read this firm's pages.
    expect((await post(operatorCookie, { ...base, id: firm.company.id, name: before.name, language: "en" })).status).toBe(200);
  });

  it("refuses a matters time period of 0 and changes nothing", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    for (const bad of [{ mattersTimeperiod: "0" }, { mattersTimeperiod: "91" }, { name: "" }]) {
      const response = await post(operatorCookie, { ...base, id: firm.company.id, name: "Renamed", ...bad });
      expect(response.status).toBe(400);
    }
    const body = JSON.stringify(await (await post(operatorCookie, { ...base, id: firm.company.id, name: "Renamed", mattersTimeperiod: "0" })).json());
    expect(body).toContain("Needs to be a whole number of days from 1 to 90.");
    const [after] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(after).toEqual(before);
  });

  it("answers not found for an unknown company id", async () => {
    const response = await post(operatorCookie, { ...base, id: "000000000000000000000000", name: "Ghost" });
    expect(response.status).toBe(404);
  });
});

describe("isOperator", () => {
  const opsEnv = { OPERATOR_USER_IDS: " op1 , op2,", OPERATIONS_COMPANY_ID: "ops" };
  it("matches listed user ids in the Operations company only, and ignores blanks", () => {
    expect(isOperator(opsEnv, { id: "op2", companyId: "ops" })).toBe(true);
    expect(isOperator(opsEnv, { id: "op3", companyId: "ops" })).toBe(false);
    expect(isOperator(opsEnv, { id: "op1", companyId: "tenant" })).toBe(false);
    expect(isOperator(opsEnv, { id: "", companyId: "ops" })).toBe(false);
    expect(isOperator({}, { id: "op1", companyId: "ops" })).toBe(false);
  });

  it("does not let a tenant in by taking the operator's e-mail (issue 9, item 6)", async () => {
    // The operator's address changes; a tenant's company admin renames someone to the old one.
    await db().update(users).set({ email: "ops-new@operations.test" }).where(eq(users.id, OPERATOR_ID));
    const impostor = await firm.createUser("companyAdmin", { groupId: null, officeId: null, email: OPERATOR });
    const cookie = await cookieFor(impostor.email);
    expect((await page("/operator", { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await post(cookie, { intent: "updateCompany", id: firm.company.id, name: "Hijacked" })).status).toBe(404);
    expect((await page("/operator", { headers: { Cookie: operatorCookie } })).status).toBe(200);
    await db().delete(users).where(eq(users.id, impostor.id));
    await db().update(users).set({ email: OPERATOR }).where(eq(users.id, OPERATOR_ID));
  });
});

describe("domains of other installations (issue 15, decision 0150)", () => {
  it("the operator replaces the table; a bad line or a domain of a firm here changes nothing", async () => {
    const save = (domains: string) => post(operatorCookie, { intent: "updateInstallationDomains", domains });
    const ok = await save("Partner-Firm.test https://us.example.com/\n\nus-firm.test https://us.example.com");
    expect(ok.status).toBe(200);
    const rows = () =>
      db()
        .select({ domain: installationDomains.domain, url: installationDomains.installationUrl })
        .from(installationDomains)
        .orderBy(installationDomains.domain);
    expect(await rows()).toEqual([
      { domain: "partner-firm.test", url: "https://us.example.com" },
      { domain: "us-firm.test", url: "https://us.example.com" },
    ]);
    await db().insert(companyDomains).values({ domain: "operator-firm.test", companyId: firm.company.id });
    for (const [text, message] of [
      ["nonsense", 'Line 1: write a domain and the installation\'s https:// address, such as "firm.com https://us.example.com".'],
      ["x.test ftp://us.example.com", 'Line 1: write a domain and the installation\'s https:// address, such as "firm.com https://us.example.com".'],
      ["operator-firm.test https://us.example.com", "operator-firm.test belongs to a firm of this installation."],
    ]) {
      const refused = await save(text);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await refused.json())).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect(await rows()).toHaveLength(2);
    // A company admin of a firm cannot reach it.
    expect((await post(firmAdminCookie, { intent: "updateInstallationDomains", domains: "" })).status).toBe(404);
    expect(await rows()).toHaveLength(2);
  });
});

describe("the operator approves a firm's domain (issue 26, item 1; decision 0250)", () => {
  const route = async (email: string) => {
    await syncDirectory();
    return (await (await SELF.fetch(`${BASE}/api/v2/account/login-route?email=${encodeURIComponent(email)}`)).json()) as { kind: string };
  };

  it("lists the waiting claim, and an approval routes sign-in to the firm until it is withdrawn", async () => {
    const claimant = await createCompany("Approval Firm");
    await db()
      .update(companies)
      .set({ ssoLoginUrl: "https://idp.approval-firm.test/saml", ssoCertificate: "unused" })
      .where(eq(companies.id, claimant.company.id));
    await db().insert(companyDomains).values({ domain: "approval-firm.test", companyId: claimant.company.id, createdAt: new Date() });
    expect((await route("new.person@approval-firm.test")).kind).toBe("password");

    const data = (await (await page("/operator?_data=routes%2F_app.operator", { headers: { Cookie: operatorCookie } })).json()) as {
      domainClaims: { domain: string; state: string; companyName: string }[];
    };
    expect(data.domainClaims.find((claim) => claim.domain === "approval-firm.test")).toMatchObject({
      state: "pending",
      companyName: "Approval Firm",
    });

    const approved = await post(operatorCookie, { intent: "approveDomain", domain: "approval-firm.test", approved: "true" });
    expect(await approved.json()).toMatchObject({ status: "success", message: "approval-firm.test approved." });
    expect((await route("new.person@approval-firm.test")).kind).toBe("firm");
    const [row] = await db().select().from(companyDomains).where(eq(companyDomains.domain, "approval-firm.test"));
    expect(row.verifiedBy).toBe("operator");
    const trail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, claimant.company.id), eq(auditLog.action, "operator-approve-domain")));
    expect(trail).toHaveLength(1);

    const withdrawn = await post(operatorCookie, { intent: "approveDomain", domain: "approval-firm.test", approved: "false" });
    expect(await withdrawn.json()).toMatchObject({ status: "success", message: "Approval of approval-firm.test withdrawn." });
    expect((await route("new.person@approval-firm.test")).kind).toBe("password");
  });

  it("never approves a free-mail domain, answers an unknown one with 404, and is the operator's alone", async () => {
    const claimant = await createCompany("Free Mail Claim Firm");
    await db().insert(companyDomains).values({ domain: "gmail.com", companyId: claimant.company.id, createdAt: new Date() }).onConflictDoNothing();
    const freeMail = await post(operatorCookie, { intent: "approveDomain", domain: "gmail.com", approved: "true" });
    expect(freeMail.status).toBe(400);
    expect(JSON.stringify(await freeMail.json())).toContain("public e-mail service");
    expect((await db().select().from(companyDomains).where(eq(companyDomains.domain, "gmail.com")))[0].verifiedAt).toBeNull();
    await db().delete(companyDomains).where(eq(companyDomains.domain, "gmail.com"));

    expect((await post(operatorCookie, { intent: "approveDomain", domain: "nobody-claims.test", approved: "true" })).status).toBe(404);
    const bad = await post(operatorCookie, { intent: "approveDomain", domain: "x.test", approved: "maybe" });
    expect(bad.status).toBe(400);

    await db().insert(companyDomains).values({ domain: "self-approval.test", companyId: firm.company.id, createdAt: new Date() });
    const self = await post(firmAdminCookie, { intent: "approveDomain", domain: "self-approval.test", approved: "true" });
    expect(self.status).toBe(404);
    expect((await db().select().from(companyDomains).where(eq(companyDomains.domain, "self-approval.test")))[0].verifiedAt).toBeNull();
  });
});
