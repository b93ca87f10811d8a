import { and, asc, eq, gt, gte, lte, or } from "drizzle-orm";
import { groups, offices, statDays, users } from "~/db/schema";
import { inJsonList } from "~/db/json-list";
import { DAY_MS, dayKey, mondayOf } from "~/lib/dates";
import { xlsxStream, type XlsxCell } from "~/lib/xlsx-stream";
import { translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey } from "~/lib/i18n/i18n";
import type { DomainContext } from "../context";
import { ensureRolledUp } from "./rollup.server";
import type { StatisticFilter, StatisticQuery } from "./statistics.schema";
import { resolveStatisticsScope } from "./statistics.server";
import { rolledBefore, weeklyDays } from "./weekly.server";

/** Rows read per D1 query while the workbook streams (decision 0178). */
export const RAW_EXPORT_PAGE = 4000;

/** The columns' titles, in the catalogs: Date, Name, Email, Group, Office, Workload, Workload level, Location, Away. */
export const RAW_EXPORT_HEADER: MessageKey[] = [
  "workbook.statistics.date",
  "workbook.statistics.name",
  "workbook.statistics.email",
  "workbook.statistics.group",
  "workbook.statistics.office",
  "workbook.statistics.workload",
  "workbook.statistics.workloadLevel",
  "workbook.statistics.location",
  "workbook.statistics.away",
];

interface RawRow {
  userId: string;
  day: number;
  groupId: string;
  officeId: string;
  level: number | null;
  away: number;
  location: number | null;
}

const LOCATIONS: Record<number, MessageKey> = {
  0: "workplace.office",
  1: "workplace.home",
  2: "workplace.absent",
  3: "workbook.statistics.elsewhere",
};
const LEVELS: Record<string, MessageKey> = { "0": "workload.level0", "1": "workload.level1", "2": "workload.level2", "3": "workload.level3" };

/**
 * POST /api/statistics-raw/: the statistics' own population and range (the same scope rules
 * and refusals as POST /statistic) as one row per person per working day, read from the
 * daily rollups page by page while the workbook streams out.
 */
export async function statisticsRawExport(
  ctx: DomainContext,
  query: StatisticQuery,
  filter: StatisticFilter,
  language = "en",
): Promise<ReadableStream<Uint8Array>> {
  const t = (key: MessageKey) => translate(language, key);
  const scope = await resolveStatisticsScope(ctx, query, filter);
  await ensureRolledUp(ctx);
  const ids = scope.people.map((p) => p.id);
  const [people, groupRows, officeRows] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), inJsonList(users.id, ids))),
    ctx.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.companyId, ctx.companyId)),
    ctx.db.select({ id: offices.id, name: offices.name }).from(offices).where(eq(offices.companyId, ctx.companyId)),
  ]);
  const person = new Map(people.map((p) => [p.id, p]));
  const groupName = new Map(groupRows.map((g) => [g.id, g.name]));
  const officeName = new Map(officeRows.map((o) => [o.id, o.name]));
  const start = scope.start.getTime();
  const end = scope.end.getTime();

  const cellsOf = (row: RawRow): XlsxCell[] => {
    const who = person.get(row.userId);
    const away = row.away === 1;
    return [
      dayKey(new Date(row.day)),
      who?.name ?? "",
      who?.email ?? "",
      groupName.get(row.groupId) ?? "",
      officeName.get(row.officeId) ?? "",
      away ? t("workload.away") : row.level === null || !LEVELS[String(row.level)] ? t("workload.noData") : t(LEVELS[String(row.level)]),
      // As the screens show it: 1 (available) to 4 (seriously busy).
      !away && row.level !== null ? row.level + 1 : null,
      away
        ? t("workplace.absent")
        : row.location === null || !LOCATIONS[row.location]
          ? t("workbook.statistics.unknown")
          : t(LOCATIONS[row.location]),
      away ? t("workbook.yes") : t("workbook.no"),
    ];
  };
  const wanted = new Set(ids);
  const rolled = await rolledBefore(ctx.db, ctx.companyId);

  async function* pages(): AsyncGenerator<XlsxCell[][]> {
    if (ids.length === 0) return;
    // Weeks retention rolled (decision 0308): their days rebuilt from workload_weekly, with
    // any daily rows kept there, a week at a time, in the same order as the pages below.
    for (let week = mondayOf(new Date(start)).getTime(); week < Math.min(rolled, end + 1); week += 7 * DAY_MS) {
      const from = Math.max(start, week);
      const to = Math.min(end, week + 7 * DAY_MS - 1, rolled - 1);
      const kept = await ctx.db
        .select()
        .from(statDays)
        .where(and(eq(statDays.companyId, ctx.companyId), gte(statDays.day, from), lte(statDays.day, to), inJsonList(statDays.userId, ids)));
      const rows = [...kept, ...(await weeklyDays(ctx.db, ctx.companyId, from, to)).filter((row) => wanted.has(row.userId))].sort(
        (a, b) => a.day - b.day || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
      );
      if (rows.length) yield rows.map(cellsOf);
    }
    let after: { day: number; userId: string } | null = null;
    for (;;) {
      const rows: RawRow[] = await ctx.db
        .select({
          userId: statDays.userId,
          day: statDays.day,
          groupId: statDays.groupId,
          officeId: statDays.officeId,
          level: statDays.level,
          away: statDays.away,
          location: statDays.location,
        })
        .from(statDays)
        .where(
          and(
            eq(statDays.companyId, ctx.companyId),
            gte(statDays.day, Math.max(start, rolled)),
            lte(statDays.day, end),
            inJsonList(statDays.userId, ids),
            after ? or(gt(statDays.day, after.day), and(eq(statDays.day, after.day), gt(statDays.userId, after.userId))) : undefined,
          ),
        )
        .orderBy(asc(statDays.day), asc(statDays.userId))
        .limit(RAW_EXPORT_PAGE);
      if (rows.length === 0) return;
      yield rows.map(cellsOf);
      if (rows.length < RAW_EXPORT_PAGE) return;
      const last = rows[rows.length - 1];
      after = { day: last.day, userId: last.userId };
    }
  }
  return xlsxStream(t("workbook.statistics.sheet"), RAW_EXPORT_HEADER.map(t), pages());
}
