import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, companies, users } from "~/db/schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { createI18n, type CompiledCatalog } from "~/lib/i18n/i18n";
import { localeAmong, resolveAmong, type LanguageChoice } from "~/lib/i18n/negotiate";
import { translateText } from "~/lib/i18n/catalogs.server";
import { matchText, textMatcher } from "~/lib/i18n/texts";
import english from "~/locales/en.json";
import swedish from "~/locales/sv.json";

// The product's languages are its catalogs (catalogs.server.ts reads app/locales); these tests name them.
const catalogs: Record<string, Record<string, string>> = { en: english, sv: swedish };
const known = (language: string) => language in catalogs;
const resolveLanguage = (choice: LanguageChoice) => resolveAmong(choice, known, "en");
const localeFor = (language: string, header: string) => localeAmong(language, header, known, catalogs[language]["language.locale"]);
function translate(language: string, key: string, values?: Record<string, number>) {
  const compiled: CompiledCatalog = Object.fromEntries(
    Object.entries(catalogs[language]).map(([k, m]) => [k, compileMessage(m) as CompiledCatalog[string]]),
  );
  return createI18n(language, compiled)._(key, values);
}
import { lastMailTo, send } from "./account-helpers";
import { api, cookieFor, createCompany, createCompanyWithRoles, db, page, postForm } from "./helpers";

const SETTINGS = "/settings?_data=routes%2F_app.settings";

async function html(path: string, cookie: string | null, acceptLanguage?: string) {
  const response = await page(path, {
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...(acceptLanguage ? { "Accept-Language": acceptLanguage } : {}) },
  });
  expect(response.status).toBe(200);
  return response.text();
}

describe("which language a person reads", () => {
  it("is their choice, else their browser's first language we speak, else their firm's, else English", () => {
    expect(resolveLanguage({ chosen: "sv", acceptLanguage: "en-GB", firmDefault: "en" })).toEqual({ language: "sv", source: "chosen" });
    expect(resolveLanguage({ chosen: null, acceptLanguage: "de-DE, sv;q=0.8, en;q=0.5", firmDefault: "en" })).toEqual({
      language: "sv",
      source: "browser",
    });
    expect(resolveLanguage({ chosen: "xx", acceptLanguage: "en-US,en;q=0.9", firmDefault: "sv" })).toEqual({ language: "en", source: "browser" });
    expect(resolveLanguage({ acceptLanguage: "de-DE, fr;q=0.9", firmDefault: "sv" })).toEqual({ language: "sv", source: "firm" });
    expect(resolveLanguage({ acceptLanguage: "", firmDefault: "xx" })).toEqual({ language: "en", source: "fallback" });
    // Dates follow: the browser's own locale when it is the same language, else the catalog's.
    expect(localeFor("en", "en-US,en;q=0.9")).toBe("en-US");
    expect(localeFor("sv", "en-US")).toBe("sv-SE");
    expect(localeFor("sv", "sv-FI,sv;q=0.9")).toBe("sv-FI");
  });

  it("says plurals by the language's rules", () => {
    expect(translate("en", "common.peopleCount", { count: 1 })).toBe("1 person");
    expect(translate("sv", "common.peopleCount", { count: 3 })).toBe("3 personer");
    expect(translate("en", "common.peopleCount", { count: 2 })).toBe("2 people");
  });
});

describe("the pages in the reader's language", () => {
  let firm: Awaited<ReturnType<typeof createCompany>>;
  let person: Awaited<ReturnType<typeof firm.createUser>>;
  let cookie: string;
  beforeAll(async () => {
    firm = await createCompany("Språkbyrån");
    person = await firm.createUser("employee");
    cookie = await cookieFor(person.email);
  });

  it("renders the sign-in page and the shell in the browser's language, with lang set and only that catalog sent", async () => {
    const swedish = await html("/settings", cookie, "sv-SE,sv;q=0.9,en;q=0.5");
    expect(swedish).toContain('<html lang="sv-SE"');
    expect(swedish).toContain("Inställningar");
    expect(swedish).toContain("Hoppa till innehållet");
    expect(swedish).toContain("<title>Inställningar · Availability</title>");
    expect(swedish).not.toContain("Skip to content");
    const english = await html("/settings", cookie, "en-GB");
    expect(english).toContain('<html lang="en-GB"');
    expect(english).toContain("Skip to content");
    expect(english).not.toContain("Hoppa till innehållet");
  });

  it("keeps the person's own choice whatever the browser says, and 'automatic' goes back to the browser", async () => {
    const saved = await postForm(cookie, "/settings", { intent: "setLanguage", language: "sv" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/settings?flash=languageSaved");
    expect((await db().select().from(users).where(eq(users.id, person.id)))[0].language).toBe("sv");
    expect(await html("/settings", cookie, "en-GB")).toContain("Hoppa till innehållet");
    const data = (await (await page(SETTINGS, { headers: { Cookie: cookie, "Accept-Language": "en-GB" } })).json()) as {
      language: { chosen: string | null; automatic: { language: string; source: string } };
    };
    expect(data.language).toMatchObject({ chosen: "sv", automatic: { language: "en", source: "browser" } });
    const audit = await db()
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, person.id), eq(auditLog.action, "set-language")));
    expect(audit.map((row) => row.data)).toEqual([{ from: null, to: "sv" }]);

    expect((await postForm(cookie, "/settings", { intent: "setLanguage", language: "" })).status).toBe(302);
    expect((await db().select().from(users).where(eq(users.id, person.id)))[0].language).toBeNull();
    expect(await html("/settings", cookie, "en-GB")).toContain("Skip to content");
  });

  it("refuses a language without a catalog with a clear message and changes nothing", async () => {
    const before = (await db().select().from(users).where(eq(users.id, person.id)))[0];
    const refused = await postForm(cookie, "/settings?_data=routes%2F_app.settings", { intent: "setLanguage", language: "klingon" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, message: "Choose a language from the list." });
    expect((await db().select().from(users).where(eq(users.id, person.id)))[0]).toEqual(before);
  });

  it("falls back to the firm's language when the browser asks for none we speak", async () => {
    await db()
      .update(companies)
      .set({ settings: JSON.stringify({ ...readCompanySettings("{}"), language: "sv" }) })
      .where(eq(companies.id, firm.company.id));
    const page = await html("/settings", cookie, "de-DE,fr;q=0.8");
    expect(page).toContain('<html lang="sv-SE"');
    expect(page).toContain("Hoppa till innehållet");
    // A browser that asks for English still gets English.
    expect(await html("/settings", cookie, "en-US")).toContain("Skip to content");
  });
});

describe("the server's words on a page (decision 0307)", () => {
  it("finds a text by its English words, with its values read back out, and leaves others as they are", () => {
    const matcher = textMatcher([
      ["Choose a year.", "server.a"],
      ["Use at most {max} characters.", "server.b"],
      ["{person} already has {competence}.", "server.c"],
    ]);
    expect(matchText(matcher, "Choose a year.")).toEqual({ key: "server.a", values: {} });
    expect(matchText(matcher, "Use at most 50 characters.")).toEqual({ key: "server.b", values: { max: "50" } });
    expect(matchText(matcher, "Anna Berg already has Tax law.")).toEqual({ key: "server.c", values: { person: "Anna Berg", competence: "Tax law" } });
    expect(matchText(matcher, "Use at most characters.")).toBeNull();
    expect(matchText(matcher, "Välj ett år.")).toBeNull();
  });

  it("translates a note built from values, and a value that is itself a server text", () => {
    expect(translateText("sv", "Two-step sign-in cleared for Anna Berg. They have been told by e-mail.")).toBe(
      "Tvåstegsinloggningen är nollställd för Anna Berg. Personen har fått besked via e-post.",
    );
    expect(translateText("sv", "Too many failed sign-in attempts. Please wait 5 minutes and try again.")).toBe(
      "För många misslyckade inloggningsförsök. Vänta 5 minuter och försök igen.",
    );
    expect(translateText("sv", "Invitation sent to 1 person")).toBe("Inbjudan skickad till 1 person");
    expect(translateText("sv", "example.se is already verified by its DNS record.")).toBe("example.se är redan verifierad genom sin DNS-post.");
    expect(translateText("en", "Passkey 'Laptop' added.")).toBe("Passkey 'Laptop' added.");
  });

  it("answers a refused page form in the reader's language, and the API the same refusal in English", async () => {
    const firm = await createCompany("Ordbyrån");
    const person = await firm.createUser("employee");
    const cookie = await cookieFor(person.email);
    const post = (acceptLanguage: string) =>
      page("/settings?_data=routes%2F_app.settings", {
        method: "POST",
        body: new URLSearchParams({ phone: "0".repeat(60) }),
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": acceptLanguage },
      });
    const swedish = await post("sv-SE,sv;q=0.9");
    expect(swedish.status).toBe(400);
    expect(((await swedish.json()) as { error: Record<string, string[]> }).error.phone).toEqual(["Använd högst 50 tecken."]);
    const english = await post("en-GB");
    expect(((await english.json()) as { error: Record<string, string[]> }).error.phone).toEqual(["Use at most 50 characters."]);
    // The API is a contract: its messages stay English whatever the browser asks for.
    const refusal = await page("/api/v2/users/me", { headers: { "Accept-Language": "sv-SE" } });
    expect(refusal.status).toBe(401);
    expect(JSON.stringify(await refusal.json())).not.toContain("Logga in");
  });

  it("sends the catalog as a cached script, not in the page: the server's texts only for a reader of another language", async () => {
    const firm = await createCompany("Textbyrån");
    const cookie = await cookieFor((await firm.createUser("employee")).email);
    const scriptOf = (html: string) => /<script nonce="[^"]+" src="(\/i18n\/[a-z]+\.[0-9a-f]{8}\.js)"><\/script>/.exec(html)?.[1];
    const swedishPage = await html("/settings", cookie, "sv-SE");
    const englishPage = await html("/settings", cookie, "en-GB");
    // The page is rendered in its language but does not carry the catalog.
    expect(swedishPage).toContain("Inställningar");
    expect(swedishPage).not.toContain("server.useAtMostMaxCharacters");
    expect(englishPage).not.toContain("settings.pageTitle");
    const swedishScript = scriptOf(swedishPage)!;
    const englishScript = scriptOf(englishPage)!;
    expect(swedishScript).toMatch(/^\/i18n\/sv\./);
    expect(englishScript).toMatch(/^\/i18n\/en\./);

    const swedish = await page(swedishScript);
    expect(swedish.status).toBe(200);
    expect(swedish.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(swedish.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const swedishBody = await swedish.text();
    expect(swedishBody.startsWith("window.__i18n=")).toBe(true);
    expect(swedishBody).toContain('"Use at most {max} characters.","server.useAtMostMaxCharacters"');
    expect(swedishBody).toContain('"server.useAtMostMaxCharacters":["Använd högst ",["max"]," tecken."]');
    // An English page's catalog carries neither the lookup nor the server's messages: its texts already are English.
    const englishBody = await (await page(englishScript)).text();
    expect(englishBody).toContain('"nav.home":["Dashboard"]');
    expect(englishBody).not.toContain("server.useAtMostMaxCharacters");

    // An old version's address answers today's catalog, briefly cached; an unknown language is not found.
    const old = await page("/i18n/sv.00000000.js");
    expect(old.headers.get("Cache-Control")).toBe("public, max-age=60");
    expect(await old.text()).toBe(swedishBody);
    expect((await page("/i18n/xx.00000000.js")).status).toBe(404);
  });
});

describe("mails in the recipient's language", () => {
  it("invites in the firm's language, and resets a password in the person's own choice over the firm's", async () => {
    const firm = await createCompanyWithRoles("Brevbyrån", { language: "sv" });
    const email = "ny.kollega@brevbyran.test";
    const invited = await send("POST", "/users", firm.tokens.companyAdmin, {
      name: "Ny Kollega",
      email,
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(invited.status).toBe(201);
    const invite = await lastMailTo(email);
    expect(invite.subject).toBe("Du är inbjuden till Brevbyrån i Availability");
    expect(invite.textBody).toContain("Hej Ny Kollega,");
    expect(invite.textBody).toMatch(/fungerar en gång och till och med \d{1,2} [a-zåäö]+ \d{4}\./);
    expect(invite.htmlBody).toContain(">Skapa konto</a>");

    // The person chose English on /settings: their mails are English although the firm's are Swedish.
    await db().update(users).set({ language: "en" }).where(eq(users.id, firm.people.employee.id));
    const reset = await api("/api/v2/account/reset-password", {
      method: "POST",
      json: { resetEmail: firm.people.employee.email },
      headers: { "CF-Connecting-IP": "198.51.100.77" },
    });
    expect(reset.status).toBe(200);
    expect((await lastMailTo(firm.people.employee.email)).subject).toBe("Reset your Availability password");
    await api("/api/v2/account/reset-password", {
      method: "POST",
      json: { resetEmail: firm.people.observer.email },
      headers: { "CF-Connecting-IP": "198.51.100.78" },
    });
    const swedish = await lastMailTo(firm.people.observer.email);
    expect(swedish.subject).toBe("Återställ ditt lösenord i Availability");
    expect(swedish.textBody).toContain("Om det inte var du kan du bortse från det här mejlet");
  });
});
