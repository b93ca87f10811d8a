import { personColumns } from "~/domain/users/person-columns";
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import {
  canSeeDetailedHours,
  canSeeDetailedView,
  isAdmin,
  canSeeOthersUtilization,
  canSeeUtilizationView,
  showsDetailedComments,
  type ReportFlags,
  type ReportSettings,
  type RoleFlags,
} from "~/auth/permissions";
import { matterComments, matterManagers, matters, matterTimeEntries, users } from "~/db/schema";
import { addDays, DAY_MS } from "~/lib/dates";
import { profilePictureUrl } from "~/lib/profile-picture";
import type { z } from "zod";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { conditions, resolveFilter, searchGlobs } from "../users/filter.server";
import { CONFIDENTIAL_NAME, confidentialSql, openedConfidentialStatement, openedSet, presentMatter } from "./confidential.server";
import { inJsonList } from "~/db/json-list";
import {
  DEFAULT_SORT,
  DETAILED_PAGE_SIZE,
  NATURAL_DIR,
  detailedReportSchema,
  utilizationReportSchema,
  type DetailedReportInput,
  type UtilizationReportInput,
  type SortDir,
  type UtilizationSort,
  isUtilizationSortKey,
  utilizationNaturalDir,
} from "./matters.schema";
import { round1, utilizationFigures, utilizationWindow } from "./utilization";
import type {
  CardMatter,
  DetailedReport,
  MatterReportRow,
  ReportMatter,
  TimekeeperReportRow,
  UtilizationReport,
  UtilizationRow,
} from "./reports.types";

/**
 * The detailed and utilization reports (spec: planning.md, "Overview, Detailed and
 * Utilization views"; POST /elite-3e/detailed-report and /elite-3e/utilization-report).
 * Both read the people the users filter matches, in one D1 batch. Columns the caller may not
 * see (hours, comments, the PM flag) are left out of the answer, not just hidden by the UI.
 */

/** A report: the rule that opens it (the page's tab and the API alike), its refusal, its input and its /api/v2 error entity. */
export interface Report<S extends z.ZodType, R> {
  may: (user: RoleFlags & ReportFlags, settings: ReportSettings) => boolean;
  refusal: string;
  schema: S;
  entity: string;
  run: (ctx: DomainContext, input: z.infer<S>) => Promise<R>;
}
const report = <S extends z.ZodType, R>(definition: Report<S, R>) => definition;

/** The two reports, as the report route and the page read them. */
export const REPORTS = {
  detailed: report({
    may: canSeeDetailedView,
    refusal: "The detailed view is not available to you.",
    schema: detailedReportSchema,
    entity: "DetailedReportInputErrors",
    run: detailedReport,
  }),
  utilization: report({
    may: canSeeUtilizationView,
    refusal: "The utilization view is not available to you.",
    schema: utilizationReportSchema,
    entity: "UtilizationReportInputErrors",
    run: utilizationReport,
  }),
};

/** Whether the caller may open the report: its tab shows, its API answers. */
export const mayOpen = (ctx: DomainContext, which: Pick<Report<z.ZodType, unknown>, "may">) => which.may(ctx.actor.user, ctx.actor.company.settings);

/** Refuses (403, with the report's own message) a caller who may not open the report. */
export function requireReport(ctx: DomainContext, which: Pick<Report<z.ZodType, unknown>, "may" | "refusal">): void {
  if (!mayOpen(ctx, which)) throw new ForbiddenError(which.refusal);
}

export const emptyMattersText = (days: number) => `No billable matters in the last ${days} days found`;

const leads = alias(users, "report_leads");
/** The person of the outer row, qualified for the correlated subqueries below. */
const personId = sql.raw(`"users"."id"`);

function awaySql(today: number) {
  // Aliased (see personId): unqualified, "user_id" = "id" would compare the vacation's own columns.
  return sql<number>`(${users.onLeave} = 1 or exists (select 1 from vacations v where v.user_id = ${personId} and +v.company_id = "users"."company_id" and v.start_date <= ${today} and v.end_date >= ${today}))`;
}

/** A person's NAME order, their CURRENT STATUS order (away ranks 4, no level 5) and FORECAST order: shared by both reports. */
const nameOrder = sql`coalesce(nullif(${users.name}, ''), ${users.email}) collate nocase`;
const statusOrder = (today: number) => sql`case when ${awaySql(today)} then 4 else coalesce(${users.currentWorkload}, 5) end`;
const forecastOrder = sql`coalesce(${users.futureWorkload}, 5)`;
/**
 * The NAME/TITLE order of both reports (decision 0056): the firm's ranked titles first, most
 * senior first, matched without regard to case or surrounding spaces, everyone else after
 * them; by name within a rank. With no ranking (the default) it is the name order. Ties fall
 * back to the name and the id, as every order does.
 */
function personOrder(ctx: DomainContext, key: SQL | "nameTitle", dir: SortDir): SQL[] {
  const by = dir === "desc" ? desc : asc;
  const ranking = ctx.actor.company.settings.titleRanking;
  const keys = key !== "nameTitle" ? [key] : ranking.length > 0 ? [titleRankOrder(ranking), nameOrder] : [nameOrder];
  return [...keys.map((k) => by(k)), asc(nameOrder), asc(users.id)];
}

/**
 * A title's place in the ranking: its position in one bound text of the ranked titles, each
 * between record separators, so an earlier title has a smaller position and only whole titles
 * match; unranked after all. One instr per row: a json_each lookup per row cost 6x the name
 * order at 2,000 people, this 2x (decision 0056). SQLite's lower() folds A-Z only, so the list
 * is folded the same way and both sides agree.
 */
function titleRankOrder(ranking: readonly string[]): SQL {
  const fold = (title: string) => title.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  const list = `\u001e${ranking.map(fold).join("\u001e")}\u001e`;
  return sql`coalesce(nullif(instr(${list}, char(30) || lower(trim(${users.title})) || char(30)), 0), ${list.length + 1})`;
}
/** One page of a report, as LIMIT and OFFSET (decisions 0205, 0226). */
const pageCut = (page: number) => ({ limit: DETAILED_PAGE_SIZE, offset: (page - 1) * DETAILED_PAGE_SIZE });

type Ranked<T> = { row: T; hours: number; name: string };
const byHoursThenName = <T>(a: Ranked<T>, b: Ranked<T>) => b.hours - a.hours || a.name.localeCompare(b.name);

/**
 * POST /elite-3e/detailed-report: one layout, one page of DETAILED_PAGE_SIZE rows in the
 * asked order (decision 0205). The work follows the page: the Timekeepers layout orders the
 * filtered people in SQL and reads the matters of the page's people only; the Matters layout
 * sums the window's cards per matter in SQL (one JSON row), orders the matters by what the
 * caller may read of them, and reads the timekeepers of the page's matters only.
 */
export async function detailedReport(ctx: DomainContext, input: DetailedReportInput): Promise<DetailedReport> {
  const settings = ctx.actor.company.settings;
  requireReport(ctx, REPORTS.detailed);
  const columns = {
    hours: canSeeDetailedHours(ctx.actor.user, settings),
    comments: showsDetailedComments(settings),
    pm: settings.enableMatterPM,
  };
  const layout = input.layout ?? "timekeepers";
  const sortKey = input.sort ?? DEFAULT_SORT[layout];
  const sort = { key: sortKey, dir: input.dir ?? NATURAL_DIR[sortKey] };
  const page = input.page ?? 1;
  const search = input.search ?? "";
  const filter = resolveFilter(ctx.actor, { ...input, term: layout === "timekeepers" ? search : "", completed: true, sort: "name" });
  const days = settings.mattersTimeperiod;
  const from = addDays(ctx.today, -(days - 1)).getTime();
  const to = ctx.today.getTime() + DAY_MS - 1;
  const base = { timeperiod: days, emptyText: emptyMattersText(days), search, columns, layout, sort, page, pageSize: DETAILED_PAGE_SIZE };
  const window = { from, to, where: conditions(ctx, filter), columns, sort, page, search: layout === "matters" ? search : "" };
  return layout === "matters" ? { ...base, ...(await matterPage(ctx, window)) } : { ...base, ...(await timekeeperPage(ctx, window)) };
}

interface PageQuery {
  from: number;
  to: number;
  where: SQL;
  columns: DetailedReport["columns"];
  sort: DetailedReport["sort"];
  page: number;
  /** Matters whose name, number or client holds every word (the matters layout's search box). */
  search: string;
}

/** The billable cards of the window on billable matters of the company, as joined below. */
function windowCards(ctx: DomainContext, q: PageQuery) {
  return and(
    eq(matterTimeEntries.companyId, ctx.companyId),
    gte(matterTimeEntries.date, new Date(q.from)),
    lte(matterTimeEntries.date, new Date(q.to)),
    eq(matterTimeEntries.billable, true),
  );
}

const billableMatterJoin = (ctx: DomainContext) =>
  and(eq(matters.id, matterTimeEntries.matterId), eq(matters.companyId, ctx.companyId), eq(matters.billable, true));

/**
 * Whether the person is a timekeeper in 3E: the import matched a timekeeper to them (by number,
 * else e-mail). Others have no hours to show, which is not the same as none (issue 27, item 16).
 */
const inTimeKeepingSql = () =>
  sql<number>`exists (select 1 from timekeepers t where t.company_id = "users"."company_id" and t.user_id = ${personId})`;

const personFields = (today: number) => ({
  ...personColumns,
  futureWorkload: users.futureWorkload,
  away: awaySql(today).mapWith(Number).as("away_today"),
  inTimeKeeping: inTimeKeepingSql().mapWith(Number).as("in_time_keeping"),
});

async function timekeeperPage(ctx: DomainContext, q: PageQuery): Promise<Pick<DetailedReport, "total" | "timekeepers" | "matters">> {
  const settings = ctx.actor.company.settings;
  const today = ctx.today.getTime();
  // Per person over the window's billable cards on billable matters: the matter count, or the
  // hours (the hours sort counts matters for whoever may not see hours).
  const perPerson = (what: string) =>
    sql`(select ${sql.raw(what)} from matter_time_entries e join matters m on m.id = e.matter_id and m.company_id = ${ctx.companyId} and m.billable = 1
      where e.user_id = ${personId} and e.date >= ${q.from} and e.date <= ${q.to} and e.billable = 1 and +e.company_id = ${ctx.companyId})`;
  const key =
    q.sort.key === "status"
      ? statusOrder(today)
      : q.sort.key === "forecast"
        ? forecastOrder
        : q.sort.key === "matters" || (q.sort.key === "hours" && !q.columns.hours)
          ? perPerson("count(distinct e.matter_id)")
          : q.sort.key === "hours"
            ? perPerson("coalesce(sum(e.hours), 0)")
            : "nameTitle";
  const [personRows, [counted], openedRows] = await ctx.db.batch([
    ctx.db
      .select({ ...personFields(today), message: users.message })
      .from(users)
      .where(q.where)
      .orderBy(...personOrder(ctx, key, q.sort.dir))
      .limit(pageCut(q.page).limit)
      .offset(pageCut(q.page).offset),
    ctx.db.select({ n: count() }).from(users).where(q.where),
    openedConfidentialStatement(ctx),
  ]);
  const total = counted?.n ?? 0;
  if (personRows.length === 0) return { total, timekeepers: [], matters: [] };
  const ids = personRows.map((p) => p.id);
  const [pairRows, commentRows, managerRows] = await ctx.db.batch([
    ctx.db
      .select({
        userId: matterTimeEntries.userId,
        ...matterFields,
        hours: sql<number>`sum(${matterTimeEntries.hours})`.mapWith(Number).as("pair_hours"),
      })
      .from(matterTimeEntries)
      .innerJoin(matters, billableMatterJoin(ctx))
      .leftJoin(leads, and(eq(leads.id, matters.leadUserId), eq(leads.companyId, matters.companyId)))
      .where(and(windowCards(ctx, q), inJsonList(matterTimeEntries.userId, ids)))
      .groupBy(matterTimeEntries.userId, matters.id),
    ctx.db
      .select({ userId: matterComments.userId, number: matterComments.matterNumber, comment: matterComments.comment })
      .from(matterComments)
      .where(and(eq(matterComments.companyId, ctx.companyId), inJsonList(matterComments.userId, ids), q.columns.comments ? undefined : sql`0`)),
    ctx.db
      .select({ userId: matterManagers.userId, number: matterManagers.matterNumber })
      .from(matterManagers)
      .where(and(eq(matterManagers.companyId, ctx.companyId), inJsonList(matterManagers.userId, ids), q.columns.pm ? undefined : sql`0`)),
  ]);
  const opened = openedSet(ctx, openedRows);
  const comments = new Map(commentRows.map((c) => [`${c.userId}/${c.number}`, c.comment]));
  const managers = new Set(managerRows.map((m) => `${m.userId}/${m.number}`));
  const byPerson = new Map<string, Ranked<ReportMatter>[]>();
  for (const pair of pairRows) {
    const names = presentMatter(ctx, pair, opened);
    const key = `${pair.userId}/${pair.number}`;
    const entry: ReportMatter = {
      number: pair.number,
      displayName: names.displayName,
      clientDisplayName: names.clientDisplayName,
      confidential: names.confidential,
      resposibleTimekeeperName: pair.leadName || pair.resposibleTimekeeperName || null,
    };
    if (q.columns.hours) entry.hours = round1(pair.hours);
    if (q.columns.comments) entry.comment = comments.get(key) ?? "";
    if (q.columns.pm) entry.manager = managers.has(key);
    const own = byPerson.get(pair.userId) ?? [];
    own.push({ row: entry, hours: pair.hours, name: names.displayName });
    byPerson.set(pair.userId, own);
  }
  const timekeepers = personRows.map((person): TimekeeperReportRow => {
    const own = (byPerson.get(person.id) ?? []).sort(byHoursThenName);
    const row: TimekeeperReportRow = {
      userId: person.id,
      displayName: person.name || person.email,
      title: person.title,
      profilePicture: profilePictureUrl(person.profilePicture),
      currentWorkload: person.currentWorkload,
      futureWorkload: person.futureWorkload,
      onLeave: person.onLeave,
      away: person.away === 1,
      inTimeKeeping: person.inTimeKeeping === 1,
      message: settings.disableMessage ? "" : person.message,
      matters: own.map((m) => m.row),
    };
    if (q.columns.hours) row.hours = round1(own.reduce((sum, m) => sum + m.hours, 0));
    return row;
  });
  return { total, timekeepers, matters: [] };
}

/** A matter's columns for presentMatter and the LEAD column (the matched person, else 3E's name). */
const matterFields = {
  id: matters.id,
  number: matters.number,
  displayName: matters.displayName,
  clientDisplayName: matters.clientDisplayName,
  resposibleTimekeeperName: matters.resposibleTimekeeperName,
  leadName: sql<string | null>`${leads.name}`.as("lead_name"),
  confidentialSource: matters.confidentialSource,
  confidentialAdmin: matters.confidentialAdmin,
};

/**
 * Every word of the search is in the matter's name, number or client, as the caller reads
 * them: a matter hidden from them (confidential) is 'Confidential matter' with no client, so
 * a search never tells them what its real name or client holds.
 */
function matterMatches(search: string, hidden: SQL): SQL | undefined {
  const globs = searchGlobs(search);
  if (globs.length === 0) return undefined;
  return and(
    ...globs.map(
      (glob) =>
        sql`(case when ${hidden} then lower(${CONFIDENTIAL_NAME}) glob ${glob} else (lower(${matters.displayName}) glob ${glob} or lower(${matters.clientDisplayName}) glob ${glob}) end or lower(${matters.number}) glob ${glob})`,
    ),
  );
}

async function matterPage(ctx: DomainContext, q: PageQuery): Promise<Pick<DetailedReport, "total" | "timekeepers" | "matters">> {
  const today = ctx.today.getTime();
  const people = ctx.db.select({ id: users.id }).from(users).where(q.where);
  // Every matter of the window with its hours and number of people.
  const totals = ctx.db
    .select({
      matterId: sql<string>`${matterTimeEntries.matterId}`.as("t_matter_id"),
      hours: sql<number>`sum(${matterTimeEntries.hours})`.as("t_hours"),
      // Only the HOURS order without the hours columns needs it (distinct counting is not free).
      people: (q.columns.hours ? sql<number>`0` : sql<number>`count(distinct ${matterTimeEntries.userId})`).as("t_people"),
    })
    .from(matterTimeEntries)
    .where(and(windowCards(ctx, q), inArray(matterTimeEntries.userId, people)))
    .groupBy(matterTimeEntries.matterId)
    .as("t");
  // Ordered in SQL, so only the page's matters leave the database. A hidden matter sorts by the
  // name the caller reads ('Confidential matter'): the rule of presentMatter, written for ORDER BY.
  const hidden = isAdmin(ctx.actor.user)
    ? sql`0`
    : sql`(${confidentialSql} and not exists (select 1 from matter_time_entries x where x.user_id = ${ctx.actor.user.id} and x.matter_id = ${matters.id} and +x.company_id = ${ctx.companyId}))`;
  const key =
    q.sort.key === "matter"
      ? sql`case when ${hidden} then ${CONFIDENTIAL_NAME} else ${matters.displayName} end collate nocase`
      : q.sort.key === "lead"
        ? sql`coalesce(nullif(${leads.name}, ''), nullif(${matters.resposibleTimekeeperName}, ''), '') collate nocase`
        : q.columns.hours
          ? sql`${totals.hours}`
          : sql`${totals.people}`;
  const onBillableMatter = and(
    eq(matters.id, totals.matterId),
    eq(matters.companyId, ctx.companyId),
    eq(matters.billable, true),
    matterMatches(q.search, hidden),
  );
  // The total rides on the page's rows (a window count), so the window's cards are summed once;
  // only a page past the end counts again.
  const countAll = ctx.db.select({ n: count() }).from(totals).innerJoin(matters, onBillableMatter);
  const [pageRows, openedRows] = await ctx.db.batch([
    ctx.db
      .select({ ...matterFields, hours: sql<number>`${totals.hours}`.mapWith(Number), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(totals)
      .innerJoin(matters, onBillableMatter)
      .leftJoin(leads, and(eq(leads.id, matters.leadUserId), eq(leads.companyId, matters.companyId)))
      .orderBy(q.sort.dir === "desc" ? desc(key) : asc(key), asc(matters.number))
      .limit(pageCut(q.page).limit)
      .offset(pageCut(q.page).offset),
    openedConfidentialStatement(ctx),
  ]);
  const opened = openedSet(ctx, openedRows);
  const total = pageRows[0]?.total ?? (q.page > 1 ? ((await countAll)[0]?.n ?? 0) : 0);
  const shown = pageRows.map((m) => ({
    id: m.id,
    number: m.number,
    lead: m.leadName || m.resposibleTimekeeperName || null,
    hours: m.hours,
    names: presentMatter(ctx, m, opened),
  }));
  if (shown.length === 0) return { total, timekeepers: [], matters: [] };
  const ids = shown.map((m) => m.id);
  const numbers = shown.map((m) => m.number);
  const [pairRows, commentRows, managerRows] = await ctx.db.batch([
    ctx.db
      .select({
        matterId: matterTimeEntries.matterId,
        ...personFields(today),
        hours: sql<number>`sum(${matterTimeEntries.hours})`.mapWith(Number).as("pair_hours"),
      })
      .from(matterTimeEntries)
      .innerJoin(users, eq(users.id, matterTimeEntries.userId))
      .where(and(windowCards(ctx, q), inJsonList(matterTimeEntries.matterId, ids), q.where))
      .groupBy(matterTimeEntries.matterId, users.id),
    ctx.db
      .select({ userId: matterComments.userId, number: matterComments.matterNumber, comment: matterComments.comment })
      .from(matterComments)
      .where(
        and(
          eq(matterComments.companyId, ctx.companyId),
          inJsonList(matterComments.matterNumber, numbers),
          inArray(matterComments.userId, people),
          q.columns.comments ? undefined : sql`0`,
        ),
      ),
    ctx.db
      .select({ userId: matterManagers.userId, number: matterManagers.matterNumber })
      .from(matterManagers)
      .where(
        and(
          eq(matterManagers.companyId, ctx.companyId),
          inJsonList(matterManagers.matterNumber, numbers),
          inArray(matterManagers.userId, people),
          q.columns.pm ? undefined : sql`0`,
        ),
      ),
  ]);
  const comments = new Map(commentRows.map((c) => [`${c.userId}/${c.number}`, c.comment]));
  const managers = new Set(managerRows.map((m) => `${m.userId}/${m.number}`));
  const byMatter = new Map<string, Ranked<MatterReportRow["timekeepers"][number]>[]>();
  const numberOf = new Map(shown.map((m) => [m.id, m.number]));
  for (const pair of pairRows) {
    const key = `${pair.id}/${numberOf.get(pair.matterId)}`;
    const displayName = pair.name || pair.email;
    const timekeeper: MatterReportRow["timekeepers"][number] = {
      userId: pair.id,
      displayName,
      title: pair.title,
      profilePicture: profilePictureUrl(pair.profilePicture),
      currentWorkload: pair.currentWorkload,
      futureWorkload: pair.futureWorkload,
      onLeave: pair.onLeave,
      away: pair.away === 1,
      // Listed under a matter because they recorded time on it: a timekeeper by definition.
      inTimeKeeping: true,
    };
    if (q.columns.hours) timekeeper.hours = round1(pair.hours);
    if (q.columns.comments) timekeeper.comment = comments.get(key) ?? "";
    if (q.columns.pm) timekeeper.manager = managers.has(key);
    const list = byMatter.get(pair.matterId) ?? [];
    list.push({ row: timekeeper, hours: pair.hours, name: displayName });
    byMatter.set(pair.matterId, list);
  }
  const rows = shown.map((m): MatterReportRow => {
    const row: MatterReportRow = {
      number: m.number,
      displayName: m.names.displayName,
      clientDisplayName: m.names.clientDisplayName,
      confidential: m.names.confidential,
      resposibleTimekeeperName: m.lead,
      timekeepers: (byMatter.get(m.id) ?? []).sort(byHoursThenName).map((t) => t.row),
    };
    if (q.columns.hours) row.totalHours = round1(m.hours);
    return row;
  });
  return { total, timekeepers: [], matters: rows };
}

// Utilization ---------------------------------------------------------------------------------

export async function utilizationReport(ctx: DomainContext, input: UtilizationReportInput): Promise<UtilizationReport> {
  const settings = ctx.actor.company.settings;
  requireReport(ctx, REPORTS.utilization);
  const others = canSeeOthersUtilization(ctx.actor.user, settings);
  const where = others
    ? conditions(ctx, resolveFilter(ctx.actor, { ...input, completed: true, sort: "name" }))
    : and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.actor.user.id))!;
  const window = utilizationWindow(ctx.today, input.weeks);
  const today = ctx.today.getTime();
  const workloadFrom = window.weeks[0] ?? window.to;
  const sortKey: UtilizationSort = isUtilizationSortKey(input.sort) ? input.sort : "name";
  const sort = { key: sortKey, dir: input.dir ?? utilizationNaturalDir(sortKey) };
  const page = input.page ?? 1;
  const avgWorkloadSql = sql<number | null>`(select avg(h.current_workload) from workload_history h
        where h.user_id = ${personId} and +h.company_id = ${ctx.companyId}
        and h.recorded_at >= ${workloadFrom} and h.recorded_at < ${window.to} and h.current_workload is not null)`;
  // Every order is computed in SQL over the weekly rollups before the page is cut (decision
  // 0226): the sum of a set of weeks' billable (or non-billable) hours, per person, on the
  // (user_id, week_start) index. Utilization is that sum against the person's target, rounded
  // as the answer rounds it; a figure the answer shows as '–' (null) sorts as -1, as the screen did.
  const weekSum = (weeks: number[], what: "billable" | "nonBillable") =>
    weeks.length === 0
      ? sql`0`
      : sql`(select coalesce(sum(${sql.raw(what === "billable" ? "w.billable_hours" : "w.total_hours - w.billable_hours")}), 0)
        from user_week_hours w where w.user_id = ${personId} and +w.company_id = ${ctx.companyId}
        and w.week_start in (${sql.join(
          weeks.map((w) => sql`${w}`),
          sql`, `,
        )}))`;
  const target = sql`coalesce(${users.utilizationTargetHours}, ${settings.utilizationTargetHours})`;
  const percentOf = (weeks: number[]) =>
    weeks.length === 0
      ? sql`-1`
      : sql`case when ${target} > 0 then round(100.0 * ${weekSum(weeks, "billable")} / (${target} * ${weeks.length})) else -1 end`;
  const week = /^(w|nb)(\d+)$/.exec(sortKey);
  const weekStart = week ? window.weeks[Number(week[2])] : undefined;
  const key =
    weekStart !== undefined
      ? weekSum([weekStart], week?.[1] === "w" ? "billable" : "nonBillable")
      : sortKey === "status"
        ? statusOrder(today)
        : sortKey === "forecast"
          ? forecastOrder
          : sortKey === "average"
            ? weekSum(window.weeks, "billable")
            : sortKey === "utilization"
              ? percentOf(window.weeks)
              : sortKey === "lastMonth"
                ? percentOf(window.lastMonthWeeks)
                : sortKey === "thisMonth"
                  ? percentOf(window.thisMonthWeeks)
                  : sortKey === "avgStatus"
                    ? sql`coalesce(round(${avgWorkloadSql}, 1), -1)`
                    : "nameTitle";
  // One statement, one row per person: the person's weekly rollups and mean workload ride along
  // as correlated subqueries on the (user_id, week_start) and (user_id, recorded_at) indexes,
  // the rollups packed as one JSON text per person (decision 0190).
  const [personRows, [counted]] = await ctx.db.batch([
    ctx.db
      .select({
        ...personColumns,
        futureWorkload: users.futureWorkload,
        away: awaySql(today).mapWith(Number).as("away_today"),
        inTimeKeeping: inTimeKeepingSql().mapWith(Number).as("in_time_keeping"),
        target: users.utilizationTargetHours,
        // Written with aliases: drizzle leaves columns unqualified in a one-table select, and
        // "user_id" = "id" inside the subquery would compare the subquery's own columns. The unary
        // + keeps SQLite off the (company_id, week_start) index, which would read the whole firm's
        // weeks once per person.
        weeks: sql<string>`(select json_group_array(json_array(w.week_start, w.billable_hours, w.total_hours))
        from user_week_hours w where w.user_id = ${personId} and +w.company_id = ${ctx.companyId}
        and w.week_start >= ${window.from} and w.week_start < ${window.to})`.as("week_hours"),
        avgWorkload: avgWorkloadSql.as("avg_workload"),
      })
      .from(users)
      .where(where)
      .orderBy(...personOrder(ctx, key, sort.dir))
      .limit(pageCut(page).limit)
      .offset(pageCut(page).offset),
    ctx.db.select({ n: count() }).from(users).where(where),
  ]);
  const rows = personRows.map((p): UtilizationRow => {
    const target = p.target ?? settings.utilizationTargetHours;
    const weeks = (JSON.parse(p.weeks || "[]") as [number, number, number][]).map(([weekStart, billableHours, totalHours]) => ({
      weekStart,
      billableHours,
      totalHours,
    }));
    const avgWorkload = p.avgWorkload === null ? null : Number(p.avgWorkload);
    return {
      userId: p.id,
      displayName: p.name || p.email,
      title: p.title,
      profilePicture: profilePictureUrl(p.profilePicture),
      currentWorkload: p.currentWorkload,
      futureWorkload: p.futureWorkload,
      onLeave: p.onLeave,
      away: p.away === 1,
      inTimeKeeping: p.inTimeKeeping === 1,
      targetHours: target,
      avgWorkload: avgWorkload === null || Number.isNaN(avgWorkload) ? null : round1(avgWorkload),
      ...utilizationFigures(window, weeks, target),
    };
  });
  return {
    others,
    months: settings.utilizationMonths,
    weeks: window.labels,
    sort,
    page,
    pageSize: DETAILED_PAGE_SIZE,
    total: counted?.n ?? 0,
    rows,
  };
}

// The user card's Matters section --------------------------------------------------------------

/**
 * The user card's Matters section (Matter, Comment, Lead): the matters the person recorded
 * billable time on in the last mattersTimeperiod days, most hours first, with their own
 * comment. null when the company does not use time keeping (enableUtilizationView off).
 */
export async function userCardMatters(ctx: DomainContext, userId: string, withComments: boolean): Promise<CardMatter[] | null> {
  const settings = ctx.actor.company.settings;
  if (!settings.enableUtilizationView) return null;
  const today = ctx.today;
  const from = addDays(today, -(settings.mattersTimeperiod - 1));
  const hours = sql<number>`sum(${matterTimeEntries.hours})`.mapWith(Number);
  const [rows, commentRows, openedRows] = await ctx.db.batch([
    ctx.db
      .select({ ...matterFields, hours: hours.as("hours") })
      .from(matterTimeEntries)
      .innerJoin(matters, and(eq(matters.id, matterTimeEntries.matterId), eq(matters.companyId, ctx.companyId), eq(matters.billable, true)))
      .leftJoin(leads, and(eq(leads.id, matters.leadUserId), eq(leads.companyId, matters.companyId)))
      .where(
        and(
          eq(matterTimeEntries.companyId, ctx.companyId),
          eq(matterTimeEntries.userId, userId),
          eq(matterTimeEntries.billable, true),
          gte(matterTimeEntries.date, from),
          lte(matterTimeEntries.date, new Date(today.getTime() + DAY_MS - 1)),
        ),
      )
      .groupBy(matters.id)
      .orderBy(sql`hours desc`, asc(matters.number)),
    ctx.db
      .select({ number: matterComments.matterNumber, comment: matterComments.comment })
      .from(matterComments)
      // A reader without the right to the person's comments reads none (the where is false).
      .where(and(eq(matterComments.companyId, ctx.companyId), eq(matterComments.userId, userId), withComments ? undefined : sql`0`)),
    openedConfidentialStatement(ctx),
  ]);
  const opened = openedSet(ctx, openedRows);
  const comments = new Map(commentRows.map((c) => [c.number, c.comment]));
  return rows.map((m) => ({
    number: m.number,
    ...presentMatter(ctx, m, opened),
    resposibleTimekeeperName: m.leadName || m.resposibleTimekeeperName || null,
    comment: comments.get(m.number) ?? "",
  }));
}
