import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, usageEvents } from "~/db/schema";
import { companyRow } from "~/db/factories";
import { api, createCompany, createUser, day, db, tokenFor } from "./helpers";

// [env.dev] in wrangler.toml names the operator by user id in the Operations company (decision 0081).
const OPERATOR_ID = env.OPERATOR_USER_IDS!;
const OPERATIONS_ID = env.OPERATIONS_COMPANY_ID!;

let operatorToken: string;
let firm: Awaited<ReturnType<typeof createCompany>>;
let employee: Awaited<ReturnType<typeof createUser>>;
let employeeToken: string;

const eventsOf = async (companyId: string) =>
  (
    await db()
      .select({ event: usageEvents.event, source: usageEvents.source, userId: usageEvents.userId })
      .from(usageEvents)
      .where(eq(usageEvents.companyId, companyId))
  ).map((e) => `${e.event}/${e.source}`);

beforeAll(async () => {
  await db()
    .insert(companies)
    .values(companyRow({ id: OPERATIONS_ID, name: "Operations", settings: "{}" }));
  const operator = await createUser(OPERATIONS_ID, "companyAdmin", { id: OPERATOR_ID, email: "operator@usage.test", groupId: null, officeId: null });
  operatorToken = await tokenFor(operator.email);
  firm = await createCompany("Usage Firm", { enableNewForecasting: true });
  employee = await firm.createUser("employee");
  employeeToken = await tokenFor(employee.email);
});

describe("usage events", () => {
  it("records sign-ins and workload, forecast and location updates with their source, and nothing for a refused write", async () => {
    expect(await eventsOf(firm.company.id)).toEqual(["sign_in/web_app"]);
    const iosLogin = await api("/api/v2/account/login", {
      method: "POST",
      json: { email: employee.email, password: "correct horse battery" },
      headers: { "X-Client-Source": "ios_app", "CF-Connecting-IP": "10.9.9.9" },
    });
    expect(iosLogin.status).toBe(200);
    expect(
      (await api("/api/v2/workload/current", { method: "POST", token: employeeToken, json: { workscale: 2, source: "teams_app_acme" } })).status,
    ).toBe(201);
    expect(
      (
        await api(`/api/v2/forecast/${employee.id}`, {
          method: "POST",
          token: employeeToken,
          json: { startDate: day(30), status: "1", source: "ios_app" },
        })
      ).status,
    ).toBe(201);
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token: employeeToken, json: { option: 1, future: true } })).ok).toBe(true);
    // Refused: a workload of 7 is no level.
    expect((await api("/api/v2/workload/current", { method: "POST", token: employeeToken, json: { workscale: 7 } })).status).toBe(400);
    expect((await eventsOf(firm.company.id)).sort()).toEqual(
      ["sign_in/web_app", "sign_in/ios_app", "workload/teams_app_acme", "forecast/ios_app", "location/web_app"].sort(),
    );
  });

  it("reports active people per week and updates per source to the operator", async () => {
    const companiesAnswer = await api("/api/v2/usage-stats/companies", { token: operatorToken });
    expect(companiesAnswer.status).toBe(200);
    const list = (await companiesAnswer.json()) as { _id: string; people: number; activePeopleThisWeek: number }[];
    expect(list.find((c) => c._id === firm.company.id)).toMatchObject({ people: 1, activePeopleThisWeek: 1 });

    const report = (await (await api("/api/v2/usage-stats/report?weeks=4", { token: operatorToken })).json()) as {
      weeks: string[];
      companies: { _id: string; activePeople: number[]; updates: Record<string, number> }[];
    };
    expect(report.weeks).toHaveLength(4);
    const mine = report.companies.find((c) => c._id === firm.company.id)!;
    expect(mine.activePeople).toEqual([0, 0, 0, 1]);
    expect(mine.updates).toEqual({ teams_app_acme: 1, ios_app: 1, web_app: 1 });

    const one = (await (await api(`/api/v2/usage-stats/company/${firm.company.id}?weeks=2`, { token: operatorToken })).json()) as {
      weeks: { activePeople: number; signIns: number; updates: Record<string, number> }[];
    };
    expect(one.weeks.at(-1)).toEqual(expect.objectContaining({ activePeople: 1, signIns: 2 }));
    expect((await api("/api/v2/usage-stats/company/ffffffffffffffffffffffff", { token: operatorToken })).status).toBe(404);
    expect((await api("/api/v2/usage-stats/report?weeks=99", { token: operatorToken })).status).toBe(400);
  });

  it("answers 404 to everyone but the operator, a company admin of the operations company included", async () => {
    const colleague = await createUser(OPERATIONS_ID, "companyAdmin", { groupId: null, officeId: null });
    const colleagueToken = await tokenFor(colleague.email);
    for (const token of [employeeToken, colleagueToken]) {
      for (const path of ["/api/v2/usage-stats/companies", "/api/v2/usage-stats/report", `/api/v2/usage-stats/company/${firm.company.id}`]) {
        const response = await api(path, { token });
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ message: "Not found" });
      }
    }
    expect((await api("/api/v2/usage-stats/companies")).status).toBe(401);
  });
});
