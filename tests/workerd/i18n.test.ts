import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, companies, users } from "~/db/schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { createI18n, type CompiledCatalog } from "~/lib/i18n/i18n";
import { localeAmong, resolveAmong, type LanguageChoice } from "~/lib/i18n/negotiate";
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
import { cookieFor, createCompany, db, page, postForm } from "./helpers";

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
