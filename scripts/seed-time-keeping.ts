import * as s from "../app/db/schema";
import { eliteSecretPurpose, RUN_INTERVAL_MS } from "../app/domain/matters/elite-import.schedule";
import { weekStartOf } from "../app/domain/matters/utilization";
import { sealSecret } from "../app/lib/secret-box.server";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "../tests/fakes/elite3e-server";
import { devPorts } from "./dev-ports";
import { DEMO_ELITE_TENANT, DEMO_TIMEKEEPERS, demoEliteData } from "./elite3e-demo";
import { demoPeopleNames } from "./demo-people";
import type { SeedTables } from "./seed-tables";
import { stableId } from "./stable-id";

/**
 * Demo Law's time keeping, written as the import would have written it from the demo 3E
 * (scripts/elite3e-demo.ts): the 3E connection pointing at the loopback fake `npm start`
 * runs, timekeeper numbers and report privileges on the people, timekeepers, matters, time
 * cards, weekly rollups and a finished import. Emil Employee (employee@demo.test) and Anna
 * Lindqvist (person 0) see the Detailed view; only Anna worked on the confidential matter.
 */
export async function seedTimeKeeping(t: SeedTables, companyId: string, now: number) {
  const company = t.rows.get(s.companies)!.find((row) => row.id === companyId)!;
  // $ELITE_PORT or $PORT + 300, where `npm start` runs the fake (decision 0285).
  company.elite3eEndpoint = `http://127.0.0.1:${devPorts().ELITE_PORT}/t/${DEMO_ELITE_TENANT}`;
  company.elite3eClientId = FAKE_CLIENT_ID;
  company.elite3eClientSecret = await sealSecret({ APP_ENV: "development" }, eliteSecretPurpose(companyId), FAKE_CLIENT_SECRET);

  const people = t.rows.get(s.users)!;
  const userByNumber = new Map<string, string>();
  const employee = people.find((row) => row.email === "employee@demo.test")!;
  Object.assign(employee, {
    timekeeperNumber: "EMP",
    detailedViewPriviliges: true,
    detailedViewHoursPriviliges: true,
    utilizationViewOthersPriviliges: true,
  });
  userByNumber.set("EMP", employee.id as string);
  for (let i = 0; i < DEMO_TIMEKEEPERS; i++) {
    const person = people.find((row) => row.id === stableId(`person:${i}`));
    if (!person) continue;
    person.timekeeperNumber = `TK${i}`;
    if (i === 0) Object.assign(person, { detailedViewPriviliges: true, detailedViewHoursPriviliges: true, utilizationViewOthersPriviliges: true });
    userByNumber.set(`TK${i}`, person.id as string);
  }

  const data = demoEliteData(now, demoPeopleNames(DEMO_TIMEKEEPERS));
  const names = new Map(data.timekeepers.map((k) => [k.Number, k.DisplayName]));
  for (const k of data.timekeepers)
    t.add(s.timekeepers, {
      id: stableId(`tk:${k.Number}`),
      companyId,
      number: k.Number,
      name: k.DisplayName,
      email: null,
      userId: userByNumber.get(k.Number) ?? null,
      modifiedAt: new Date(k.LastModified),
    });
  const matterIds = new Map<string, string>();
  for (const m of data.matters) {
    const id = stableId(`matter:${m.Number}`);
    matterIds.set(m.Number, id);
    t.add(s.matters, {
      id,
      companyId,
      number: m.Number,
      displayName: m.DisplayName,
      clientDisplayName: m.ClientDisplayName,
      responsibleTimekeeperNumber: m.RspTkprNumber,
      resposibleTimekeeperName: m.RspTkprNumber ? (names.get(m.RspTkprNumber) ?? null) : null,
      leadUserId: m.RspTkprNumber ? (userByNumber.get(m.RspTkprNumber) ?? null) : null,
      open: m.IsOpen,
      billable: m.IsBillable,
      confidentialSource: m.IsConfidential,
      confidentialAdmin: false,
      modifiedAt: new Date(m.LastModified),
    });
  }
  const weeks = new Map<string, { userId: string; weekStart: number; billable: number; total: number }>();
  for (const c of data.timecards) {
    const userId = userByNumber.get(c.TkprNumber);
    const matterId = matterIds.get(c.MattNumber);
    if (!userId || !matterId) continue;
    const date = Date.parse(`${c.WorkDate}T00:00:00Z`);
    t.add(s.matterTimeEntries, {
      id: stableId(`card:${c.Id}`),
      companyId,
      matterId,
      userId,
      date: new Date(date),
      hours: c.WorkHrs,
      billable: c.IsBillable,
      externalId: c.Id,
      modifiedAt: new Date(c.LastModified),
    });
    const key = `${userId}/${weekStartOf(date)}`;
    const week = weeks.get(key) ?? { userId, weekStart: weekStartOf(date), billable: 0, total: 0 };
    week.total += c.WorkHrs;
    if (c.IsBillable) week.billable += c.WorkHrs;
    weeks.set(key, week);
  }
  for (const w of weeks.values())
    t.add(s.userWeekHours, { companyId, userId: w.userId, weekStart: w.weekStart, billableHours: w.billable, totalHours: w.total });
  t.add(s.eliteImports, {
    companyId,
    phase: "timekeepers",
    page: 1,
    since: now,
    lastSuccessAt: new Date(now),
    nextAttemptAt: new Date(now + RUN_INTERVAL_MS),
    cardsImported: data.timecards.length,
  });
}
