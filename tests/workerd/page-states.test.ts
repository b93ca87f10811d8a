import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { userSkills } from "~/db/schema";
import { send, mailedSecret } from "./account-helpers";
import { cookieFor, createCompanyWithRoles, db, page, postForm } from "./helpers";

/**
 * Page loaders whose refusal is a state of the page (pageStateOf), and page writes that go
 * through the one form or intent pipeline instead of mapping errors by hand.
 */
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("loaders that show a refusal on the page", () => {
  it("/signup/{secret}: a working invite shows the person, an unknown link shows the invalid-link state (200, no invite)", async () => {
    const firm = await createCompanyWithRoles("States Signup Firm");
    const email = `states-signup-${crypto.randomUUID().slice(0, 8)}@states.test`;
    const invited = await send("POST", "/users", firm.tokens.companyAdmin, { name: "Ines", email, group: firm.group.id, office: firm.office.id });
    expect(invited.status).toBe(201);
    const secret = await mailedSecret(email, "signup");
    const found = await page(`/signup/${secret}?_data=routes%2Fsignup.%24id`);
    expect(found.status).toBe(200);
    expect(await json(found)).toMatchObject({ invite: { email, companyName: "States Signup Firm" } });
    const unknown = await page("/signup/forged-secret?_data=routes%2Fsignup.%24id");
    expect(unknown.status).toBe(200);
    expect(await json(unknown)).toEqual({ invite: null });
  });

  it("/statistics: a bad date in the address is the server's message on the page, with no figures", async () => {
    const firm = await createCompanyWithRoles("States Statistics Firm");
    const cookie = await cookieFor(firm.people.administrator.email);
    const bad = await page("/statistics?startDate=2026-13-45&_data=routes%2F_app.statistics", { headers: { Cookie: cookie } });
    expect(bad.status).toBe(200);
    const body = await json(bad);
    expect(body.stats).toBeNull();
    expect(body.message).toEqual(expect.any(String));
    expect(body.message).not.toBe("Please correct the marked fields.");
    // A refusal with a message of its own says it whole, not its first field's.
    const none = await json(await page("/statistics?layout=admin&offices=&groups=&_data=routes%2F_app.statistics", { headers: { Cookie: cookie } }));
    expect(none).toMatchObject({ stats: null, message: "Choose at least one office and one group." });
    const good = await json(await page("/statistics?_data=routes%2F_app.statistics", { headers: { Cookie: cookie } }));
    expect(good).toMatchObject({ message: null, stats: expect.any(Object) });
  });

  it("/find-people: field errors stay on their fields, and a good search answers the result", async () => {
    const firm = await createCompanyWithRoles("States Staffing Firm");
    const cookie = await cookieFor(firm.people.employee.email);
    const path = (query: string) => `/find-people?${query}&_data=routes%2F_app.find-people`;
    const backwards = await json(await page(path("startDate=2026-03-10&endDate=2026-03-02"), { headers: { Cookie: cookie } }));
    expect(backwards).toMatchObject({ result: null, errors: { endDate: "The end date cannot be before the start date." } });
    const noCompetence = await json(await page(path("startDate=2026-03-02&endDate=2026-03-06&minLevel=2"), { headers: { Cookie: cookie } }));
    expect(noCompetence).toMatchObject({ result: null, errors: { minLevel: "Pick a competence for the minimum level." } });
    const found = await json(await page(path("startDate=2026-03-02&endDate=2026-03-06"), { headers: { Cookie: cookie } }));
    expect(found.errors).toEqual({});
    expect(found.result).not.toBeNull();
  });
});

describe("the user card's 'Add competence' through submitIntent", () => {
  it("answers 201 with the skill, a refusal as { ok: false, message } with its status, and changes nothing when refused", async () => {
    const firm = await createCompanyWithRoles("States Card Firm");
    const competence = (await send("POST", "/competences", firm.tokens.employee, { name: "Tax law" })).body as { _id: string };
    const cookie = await cookieFor(firm.people.administrator.email);
    const target = firm.people.employee.id;
    const added = await postForm(cookie, `/resources/user-card/${target}`, { intent: "create", competenceId: competence._id });
    expect(added.status).toBe(201);
    expect(await json(added)).toMatchObject({ ok: true, intent: "create" });
    const skills = () =>
      db()
        .select({ id: userSkills.id })
        .from(userSkills)
        .where(and(eq(userSkills.userId, target), eq(userSkills.competenceId, competence._id)));
    expect(await skills()).toHaveLength(1);

    const again = await postForm(cookie, `/resources/user-card/${target}`, { intent: "create", competenceId: competence._id });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ ok: false, intent: "create", message: expect.stringContaining("already has Tax law") });
    const unknown = await postForm(cookie, `/resources/user-card/${target}`, { intent: "create", competenceId: "no-such-competence" });
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({ ok: false, message: "Competence not found" });
    const missing = await postForm(cookie, `/resources/user-card/${target}`, { intent: "create" });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ ok: false, errors: { competenceId: expect.any(String) } });
    expect(await skills()).toHaveLength(1);
  });
});
