import { beforeAll, describe, expect, it } from "vitest";
import { accessMatrix, type CompanyIds } from "./access-matrix";
import { api, tokenFor } from "./helpers";
import { reportFirm, SECRET_NAMES } from "./report-fixture";

/**
 * The confidentiality rule (decision 0132), proven as a rule rather than per screen: every
 * call that reads (every GET of the access matrix, the report and filter POSTs, the user
 * card and the pages that show matters) is made by someone who may not read the
 * confidential matters' names, and no answer may carry them. The same sweep as the people
 * who may read them finds the names, so the test fails if the sweep stops reaching them.
 */
type Firm = Awaited<ReturnType<typeof reportFirm>>;
let f: Firm;

function idsOf(firm: Firm): CompanyIds {
  return {
    userId: firm.anna.id,
    groupId: firm.group.id,
    officeId: firm.office.id,
    matterNumber: "M2",
  } as CompanyIds;
}

/** Every reading call, as path, method and body. New reading routes join automatically through the matrix. */
function readingCalls(firm: Firm) {
  const ids = idsOf(firm);
  const calls: { label: string; path: string; method: string; body?: unknown }[] = [];
  for (const entry of accessMatrix) {
    if (entry.roles === "public") continue;
    const reads = entry.method === "GET" || /report|filtered|multiple/.test(entry.file);
    if (!reads || entry.endsSession) continue;
    let path: string;
    try {
      path = entry.path(ids);
    } catch {
      continue;
    }
    if (path.includes("undefined")) continue;
    calls.push({ label: `${entry.method} ${path}`, path, method: entry.method, body: entry.body?.(ids) });
  }
  for (const id of [firm.anna.id, firm.bo.id, firm.carl.id])
    calls.push({ label: `user card ${id}`, path: `/resources/user-card/${id}`, method: "GET" });
  calls.push({ label: "POST detailed-report (all)", path: "/api/v2/elite-3e/detailed-report", method: "POST", body: {} });
  // One layout per answer (decision 0205): the Matters layout in every order it offers.
  for (const sort of ["hours", "matter", "lead"])
    calls.push({
      label: `POST detailed-report (matters by ${sort})`,
      path: "/api/v2/elite-3e/detailed-report",
      method: "POST",
      body: { layout: "matters", sort },
    });
  return calls;
}

async function sweep(token: string) {
  const seen = new Map<string, string[]>();
  for (const call of readingCalls(f)) {
    const response = await api(call.path, { method: call.method, token, json: call.method === "GET" ? undefined : (call.body ?? {}) });
    expect(response.status, call.label).toBeLessThan(500);
    const text = await response.text();
    const found = SECRET_NAMES.filter((name) => text.includes(name));
    if (found.length) seen.set(call.label, found);
  }
  return seen;
}

beforeAll(async () => {
  f = await reportFirm();
});

describe("confidential matters", () => {
  it("no reading call shows a confidential matter's name or client to someone who recorded no time on it", async () => {
    // Carl sees the detailed view and everyone's utilization, and recorded time on neither matter.
    expect(Object.fromEntries(await sweep(f.tokens.carl))).toEqual({});
  });

  it("the people who recorded time on it see it; each only their own; admins see both", async () => {
    const anna = await sweep(f.tokens.anna);
    expect([...new Set([...anna.values()].flat())].sort()).toEqual(["Falcon Holdings", "Project Falcon"]);
    const bo = await sweep(f.tokens.bo);
    expect([...new Set([...bo.values()].flat())].sort()).toEqual(["Harbour Ltd", "Harbour Sale"]);
    await f.setSettings({
      enableUtilizationView: true,
      enableDetailedViewHours: true,
      enableDetailedViewComments: true,
      enableMatterPM: true,
      adminsHaveReportPrivileges: true,
    });
    const admin = await sweep(f.tokens.admin);
    expect([...new Set([...admin.values()].flat())].sort()).toEqual([...SECRET_NAMES].sort());
  });

  it("others see 'Confidential matter' and no client, in both layouts and the user card", async () => {
    const report = (await (await api("/api/v2/elite-3e/detailed-report", { method: "POST", token: f.tokens.carl, json: {} })).json()) as {
      timekeepers: { displayName: string; matters: { number: string; displayName: string; clientDisplayName: string; confidential: boolean }[] }[];
    };
    const byMatter = (await (
      await api("/api/v2/elite-3e/detailed-report", { method: "POST", token: f.tokens.carl, json: { layout: "matters" } })
    ).json()) as { matters: { number: string; displayName: string; clientDisplayName: string; confidential: boolean }[] };
    const hidden = { displayName: "Confidential matter", clientDisplayName: "", confidential: true };
    expect(byMatter.matters.find((m) => m.number === "M2")).toMatchObject(hidden);
    expect(byMatter.matters.find((m) => m.number === "M4")).toMatchObject(hidden);
    expect(report.timekeepers.find((t) => t.displayName === "Anna Ek")!.matters.find((m) => m.number === "M2")).toMatchObject(hidden);
    expect(byMatter.matters.find((m) => m.number === "M1")).toMatchObject({ displayName: "Merger", clientDisplayName: "Acme", confidential: false });
  });

  it("a company admin flags a matter confidential (3E did not); lifting it shows the name again", async () => {
    const g = await reportFirm();
    const companyAdmin = await g.createUser("companyAdmin");
    const token = await tokenFor(companyAdmin.email);
    const flag = (value: boolean) => api("/api/v2/matter/confidential", { method: "PUT", token, json: { matterNumber: "M1", value } });
    const m1 = async () => {
      const report = (await (
        await api("/api/v2/elite-3e/detailed-report", { method: "POST", token: g.tokens.carl, json: { layout: "matters" } })
      ).json()) as {
        matters: { number: string; displayName: string }[];
      };
      return report.matters.find((m) => m.number === "M1")!.displayName;
    };
    expect((await flag(true)).status).toBe(200);
    expect(await m1()).toBe("Confidential matter");
    expect(
      (await api("/api/v2/matter/confidential", { method: "PUT", token: g.tokens.anna, json: { matterNumber: "M1", value: false } })).status,
    ).toBe(403);
    expect((await flag(false)).status).toBe(200);
    expect(await m1()).toBe("Merger");
  });
});

describe("the detailed report's search ('Search name or client')", () => {
  type Answer = { matters: { number: string; displayName: string }[]; timekeepers: { displayName: string }[]; search: string };
  const find = async (token: string, body: Record<string, unknown>) => {
    const response = await api("/api/v2/elite-3e/detailed-report", { method: "POST", token, json: body });
    expect(response.status).toBe(200);
    return (await response.json()) as Answer;
  };
  const numbers = async (token: string, search: string) => (await find(token, { layout: "matters", search })).matters.map((m) => m.number).sort();

  it("finds matters by every word in their name, number or client, as the reader sees them", async () => {
    expect(await numbers(f.tokens.carl, "merger")).toEqual(["M1"]);
    expect(await numbers(f.tokens.carl, "ACME")).toEqual(["M1"]);
    expect(await numbers(f.tokens.carl, "acme merger")).toEqual(["M1"]);
    expect(await numbers(f.tokens.carl, "m1")).toEqual(["M1"]);
    expect(await numbers(f.tokens.carl, "merger nothing-else")).toEqual([]);
    // A matter hidden from Carl is 'Confidential matter' with no client to him, so his search
    // cannot tell what its real name or client holds; Anna, who recorded time on it, finds it.
    for (const secret of ["falcon", "holdings", "harbour"]) expect(await numbers(f.tokens.carl, secret), secret).toEqual([]);
    expect(await numbers(f.tokens.carl, "confidential")).toEqual(["M2", "M4"]);
    expect(await numbers(f.tokens.anna, "falcon")).toEqual(["M2"]);
    expect((await find(f.tokens.carl, { layout: "matters", search: "  merger " })).search).toBe("merger");
  });

  it("finds timekeepers by name or title in the other layout, and refuses a search that is too long", async () => {
    const people = (await find(f.tokens.carl, { search: "anna" })).timekeepers.map((t) => t.displayName);
    expect(people).toEqual(["Anna Ek"]);
    const response = await api("/api/v2/elite-3e/detailed-report", {
      method: "POST",
      token: f.tokens.carl,
      json: { layout: "matters", search: "x".repeat(101) },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("At most 100 characters.");
  });
});
