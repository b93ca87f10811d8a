import { eq } from "drizzle-orm";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { companies } from "~/db/schema";
import { customId, fillCustomHtml } from "~/domain/company/custom-html";
import { api, BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";

describe("custom HTML on the dashboard", () => {
  it("fills every placeholder and escapes the values", () => {
    const html = fillCustomHtml('<p>USER_NAME USER_CUSTOM_ID USER_AVAILABILITY_ID USER_EMAIL <img src="USER_PHOTO_URL"></p>', {
      id: "abc",
      name: "Ada <script>alert(1)</script> Lovelace",
      email: "ada@example.test",
      photoUrl: "https://img.example/a.png?x=1&y=2",
    });
    expect(html).toBe(
      '<p>Ada &lt;script&gt;alert(1)&lt;/script&gt; Lovelace ada-&lt;script&gt;alert(1)&lt;/script&gt;-lovelace abc ada@example.test <img src="https://img.example/a.png?x=1&amp;y=2"></p>',
    );
    expect(customId("  Grace  Brewster Hopper ")).toBe("grace-brewster-hopper");
  });

  it("is shown only when the company enables it, in a frame that runs no script", async () => {
    const { company, createUser } = await createCompany("Html Firm", { enableCustomHtml: false });
    await db().update(companies).set({ customHtml: "<h2>Hello USER_NAME</h2>" }).where(eq(companies.id, company.id));
    const user = await createUser("employee", { name: "Hedy Lamarr" });
    const login = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: user.email, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    const off = await (await SELF.fetch(`${BASE}/home`, { headers: { Cookie: cookie } })).text();
    expect(off).not.toContain("Hello Hedy Lamarr");

    await db()
      .update(companies)
      .set({ settings: JSON.stringify({ enableCustomHtml: true }) })
      .where(eq(companies.id, company.id));
    const on = await (await SELF.fetch(`${BASE}/home`, { headers: { Cookie: cookie } })).text();
    expect(on).toContain("Hello Hedy Lamarr");
    expect(on).toMatch(/<iframe[^>]*sandbox="allow-same-origin"/);
  });

  it("is one rule for the API and the company page: blank HTML is stored as no block (null)", async () => {
    const { company, createUser } = await createCompany("Blank Html Firm", { enableCustomHtml: true });
    const admin = await createUser("companyAdmin");
    const token = await tokenFor(admin.email);
    const stored = async () => (await db().select({ html: companies.customHtml }).from(companies).where(eq(companies.id, company.id)))[0].html;

    expect((await api("/api/v2/company", { method: "PUT", token, json: { name: "Blank Html Firm", customHtml: "<p>Hi</p>" } })).status).toBe(200);
    expect(await stored()).toBe("<p>Hi</p>");
    expect((await api("/api/v2/company", { method: "PUT", token, json: { name: "Blank Html Firm", customHtml: "   \n " } })).status).toBe(200);
    expect(await stored()).toBeNull();

    await db().update(companies).set({ customHtml: "<p>Again</p>" }).where(eq(companies.id, company.id));
    const login = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: admin.email, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    const page = await SELF.fetch(`${BASE}/groups`, {
      method: "POST",
      body: new URLSearchParams({ intent: "updateCustomHtml", customHtml: "  " }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(page.status).toBe(200);
    expect(await stored()).toBeNull();
  });
});
