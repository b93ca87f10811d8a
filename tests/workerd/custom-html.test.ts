import { eq } from "drizzle-orm";
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { companies } from "~/db/schema";
import { customId, fillCustomHtml } from "~/domain/company/custom-html";
import { sanitizeHtml } from "~/lib/sanitize-html.server";
import { api, BASE, cookieFor, createCompany, createCompanyWithRoles, db, PASSWORD, postForm, tokenFor } from "./helpers";
import { XSS_VECTORS } from "./xss-vectors";

/** What users may keep (decision 0082): the elements and attributes of the custom HTML block. */
const KEPT_TAGS = new Set(
  "a abbr b blockquote br caption center code col colgroup dd div dl dt em figcaption figure font h1 h2 h3 h4 h5 h6 hr i img li ol p pre s small span strong sub sup table tbody td tfoot th thead tr u ul".split(
    " ",
  ),
);
const KEPT_ATTRIBUTES = new Set(
  "class id style title align valign width height colspan rowspan color bgcolor border cellpadding cellspacing dir lang face size href target rel src alt".split(
    " ",
  ),
);

/**
 * What in sanitised HTML could run or load, as workerd's own HTML parser (HTMLRewriter, not the
 * sanitiser's htmlparser2) reads it: an element or attribute outside the lists, a URL with
 * another scheme (images: base64 png/jpeg/gif/webp data too), a style that loads or runs, a
 * comment (old IE ran conditional ones).
 */
async function whatRunsOrLoads(html: string): Promise<string[]> {
  const found: string[] = [];
  await new HTMLRewriter()
    .on("*", {
      element(element) {
        if (!KEPT_TAGS.has(element.tagName)) found.push(`<${element.tagName}>`);
        // HTMLRewriter's Element (the DOM lib's type shadows it here): attributes are [name, value] pairs.
        for (const [name, value] of element.attributes as unknown as Iterable<[string, string]>) {
          if (!KEPT_ATTRIBUTES.has(name)) found.push(`${name}=`);
          // eslint-disable-next-line no-control-regex
          const compact = value.replace(/[\x00-\x20\x7f]+/g, "");
          const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1].toLowerCase();
          const image = name === "src" && /^data:image\/(png|jpeg|gif|webp);base64,/i.test(compact);
          if ((name === "href" || name === "src") && scheme && !["http", "https", "mailto", "tel"].includes(scheme) && !image)
            found.push(`${name}=${value}`);
          if (name === "style" && /url\s*\(|image-set|expression|javascript:|@import|behavior|binding/i.test(value)) found.push(`style=${value}`);
        }
      },
      comments(comment) {
        found.push(`<!--${comment.text}-->`);
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

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

describe("custom HTML is sanitised on write and company admins' alone (issue 9, item 13)", () => {
  it("keeps the allowed markup and drops scripts, handlers, dangerous URLs and styles that load", () => {
    const cases: [string, string][] = [
      ['<p class="x" onclick="steal()">Hi <b>USER_NAME</b></p>', '<p class="x">Hi <b>USER_NAME</b></p>'],
      ["<script>alert(1)</script><p>after</p>", "<p>after</p>"],
      ["<SCRIPT src=//evil.example/x.js></SCRIPT>ok", "ok"],
      ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
      ['<a href="jav&#x61;script&colon;alert(1)">x</a>', "<a>x</a>"],
      ['<a href=" java\tscript:alert(1)">x</a>', "<a>x</a>"],
      [
        '<a href="https://firm.example/a?b=1&amp;c=2" target="_blank">x</a>',
        '<a href="https://firm.example/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">x</a>',
      ],
      ['<img src="USER_PHOTO_URL" alt="me" onerror="x()">', '<img src="USER_PHOTO_URL" alt="me" />'],
      ['<img src="data:text/html;base64,PHNjcmlwdD4=">', "<img />"],
      ['<img src="data:image/png;base64,iVBORw0KGgo=">', '<img src="data:image/png;base64,iVBORw0KGgo=" />'],
      ['<div style="color:red;background:url(https://evil.example/t)">x</div>', "<div>x</div>"],
      ['<div style="color: red">x</div>', '<div style="color: red">x</div>'],
      ['<iframe src="https://evil.example"></iframe><form action="/x"><input name="p"></form>end', "end"],
      ["<!-- hidden --><svg><script>alert(1)</script></svg>1 < 2", "1 &lt; 2"],
      ['<p title="a"onmouseover="x()">t</p>', '<p title="a">t</p>'],
      ["<p title='\"><script>alert(1)</script>'>t</p>", '<p title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">t</p>'],
      ["<style>body{background:url(javascript:x)}</style><meta http-equiv=refresh content=0;url=//evil>", ""],
      ["<svg><p>inside</p></svg><noscript><p>x</p></noscript>after", "after"],
      ['<a href="https://firm.example" rel="nofollow" target="_top">x</a>', '<a href="https://firm.example" rel="nofollow">x</a>'],
      ['<table border="1"><tr><td colspan=2 onclick="x()">x</td></tr></table>', '<table border="1"><tr><td colspan="2">x</td></tr></table>'],
    ];
    for (const [input, expected] of cases) expect(sanitizeHtml(input), input).toBe(expected);
  });

  it("leaves nothing that runs or loads from the OWASP filter-evasion vectors, and a second pass changes nothing", async () => {
    expect(XSS_VECTORS.length).toBeGreaterThan(80);
    for (const vector of XSS_VECTORS) {
      const clean = sanitizeHtml(vector);
      expect(await whatRunsOrLoads(clean), `${vector}\n→ ${clean}`).toEqual([]);
      expect(sanitizeHtml(clean), vector).toBe(clean);
    }
    // The check itself finds what it looks for.
    expect(await whatRunsOrLoads('<p onclick="x()"><!--c--><img src="javascript:x"><svg></svg><i style="background:url(a)"></i></p>')).toEqual([
      "onclick=",
      "<!--c-->",
      "src=javascript:x",
      "<svg>",
      "style=background:url(a)",
    ]);
  });

  it("saves the company's html on /groups, and the observer can change nothing", async () => {
    const firm = await createCompany("Html Firm", { enableCustomHtml: true });
    const admin = await cookieFor((await firm.createUser("companyAdmin", { groupId: null, officeId: null })).email);
    const observer = await cookieFor((await firm.createUser("observer")).email);
    const post = (cookie: string, fields: Record<string, string>) => postForm(cookie, "/groups?_data=routes%2F_app.groups", fields);
    const stored = async () => (await db().select({ html: companies.customHtml }).from(companies).where(eq(companies.id, firm.company.id)))[0].html;
    expect((await post(admin, { intent: "updateCustomHtml", customHtml: "<p>Hi USER_NAME</p>" })).status).toBe(200);
    expect(await stored()).toBe("<p>Hi USER_NAME</p>");
    expect((await post(observer, { intent: "updateCustomHtml", customHtml: "<p>x</p>" })).status).toBe(403);
    expect(await stored()).toBe("<p>Hi USER_NAME</p>");
  });

  it("stores the sanitised HTML through the API and the company page, and refuses administrators", async () => {
    const firm = await createCompanyWithRoles("Sanitised Html Firm", { enableCustomHtml: true });
    const stored = async () => (await db().select({ html: companies.customHtml }).from(companies).where(eq(companies.id, firm.company.id)))[0].html;
    const put = await api("/api/v2/company", {
      method: "PUT",
      token: firm.tokens.companyAdmin,
      json: { name: "Sanitised Html Firm", customHtml: '<h2 onmouseover="alert(1)">News</h2><script>fetch("/api/v2/users")</script>' },
    });
    expect(put.status).toBe(200);
    expect(await stored()).toBe("<h2>News</h2>");

    const refused = await api("/api/v2/company", {
      method: "PUT",
      token: firm.tokens.administrator,
      json: { name: "Sanitised Html Firm", customHtml: "<p>Mine now</p>" },
    });
    expect(refused.status).toBe(403);
    expect(await stored()).toBe("<h2>News</h2>");
    // The administrator may still rename the company (the catalog stays theirs).
    expect((await api("/api/v2/company", { method: "PUT", token: firm.tokens.administrator, json: { name: "Renamed Html Firm" } })).status).toBe(200);

    const login = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: firm.people.administrator.email, password: PASSWORD }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "198.51.100.77" },
      redirect: "manual",
    });
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    const page = await SELF.fetch(`${BASE}/groups?_data=routes%2F_app.groups`, {
      method: "POST",
      body: new URLSearchParams({ intent: "updateCustomHtml", customHtml: "<p>Page</p>" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    });
    expect(page.status).toBe(403);
    expect(await stored()).toBe("<h2>News</h2>");
  });
});
