import { and, eq } from "drizzle-orm";
import { companies, matters, users } from "~/db/schema";
import { card, fakeEliteTenant, importAll, matter, pointAtFakeElite, tk } from "./elite-helpers";
import { createCompany, day, db, tokenFor } from "./helpers";

/**
 * A firm whose time keeping came through the import from the loopback 3E: Anna and Bo
 * record time; Carl sees the reports but recorded nothing; an administrator. Matter M2 is
 * confidential in 3E ('Project Falcon' for 'Falcon Holdings'), M4 is flagged by a company
 * admin ('Harbour Sale' for 'Harbour Ltd'); only Anna recorded time on M2, only Bo on M4.
 */
export const SECRET_NAMES = ["Project Falcon", "Falcon Holdings", "Harbour Sale", "Harbour Ltd"];

export async function reportFirm(settings: Record<string, unknown> = {}) {
  const f = await createCompany("Report Firm", {
    enableUtilizationView: true,
    enableDetailedViewHours: true,
    enableDetailedViewComments: true,
    enableMatterPM: true,
    ...settings,
  });
  const privileged = { detailedViewPriviliges: true, detailedViewHoursPriviliges: true, utilizationViewOthersPriviliges: true };
  const anna = await f.createUser("employee", { name: "Anna Ek", timekeeperNumber: "A", message: "Back from court on Friday", ...privileged });
  const bo = await f.createUser("employee", { name: "Bo Berg", timekeeperNumber: "B", ...privileged });
  const carl = await f.createUser("employee", { name: "Carl Dahl", timekeeperNumber: "C", ...privileged });
  const admin = await f.createUser("administrator", { name: "Admin" });
  const fake = fakeEliteTenant("rep");
  await pointAtFakeElite(f.company.id, fake.base);
  await fake.put({
    timekeepers: [tk("A", "Anna Ek", null), tk("B", "Bo Berg", null), tk("C", "Carl Dahl", null), tk("P", "Partner Person", null)],
    matters: [
      matter("M1", "Merger", "Acme", { rsp: "P" }),
      matter("M2", "Project Falcon", "Falcon Holdings", { rsp: "P", confidential: true }),
      matter("M3", "Old dispute", "Beta"),
      matter("M4", "Harbour Sale", "Harbour Ltd", { rsp: "A" }),
    ],
    timecards: [
      card("1", "A", "M1", day(-1), 3),
      card("2", "A", "M1", day(-2), 2),
      card("3", "A", "M2", day(-1), 4),
      card("4", "A", "M1", day(-1), 1, false),
      card("5", "B", "M1", day(-3), 6),
      card("6", "B", "M4", day(-2), 2.5),
      // Outside the 7-day window: not in the detailed view.
      card("7", "B", "M3", day(-20), 8),
    ],
  });
  await importAll(f.company.id);
  await db()
    .update(matters)
    .set({ confidentialAdmin: true })
    .where(and(eq(matters.companyId, f.company.id), eq(matters.number, "M4")));
  return {
    ...f,
    anna,
    bo,
    carl,
    admin,
    fake,
    tokens: {
      anna: await tokenFor(anna.email),
      bo: await tokenFor(bo.email),
      carl: await tokenFor(carl.email),
      admin: await tokenFor(admin.email),
    },
    setSettings: (next: Record<string, unknown>) =>
      db()
        .update(companies)
        .set({ settings: JSON.stringify(next) })
        .where(eq(companies.id, f.company.id)),
    setFlags: (userId: string, flags: Partial<typeof users.$inferInsert>) => db().update(users).set(flags).where(eq(users.id, userId)),
  };
}
