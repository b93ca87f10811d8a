import { personColumns } from "~/domain/users/person-columns";
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { canSeeDetailedHours, canSeeDetailedView, canSeeOthersUtilization, canSeeUtilizationView, showsDetailedComments } from "~/auth/permissions";
import { matterComments, matterManagers, matters, matterTimeEntries, users } from "~/db/schema";
import { addDays, DAY_MS } from "~/lib/dates";
import { profilePictureUrl } from "~/lib/profile-picture";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { conditions, resolveFilter } from "../users/filter.server";
import { openedConfidentialStatement, openedSet, presentMatter, type PresentedNames } from "./confidential.server";
import type { DetailedReportInput, UtilizationReportInput } from "./matters.schema";
import { round1, utilizationFigures, utilizationWindow, type UtilizationFigures } from "./utilization";

/**
 * The detailed and utilization reports (spec: planning.md, "Overview, Detailed and
 * Utilization views"; POST /elite-3e/detailed-report and /elite-3e/utilization-report).
 * Both read the people the users filter matches, in one D1 batch. Columns the caller may not
 * see (hours, comments, the PM flag) are left out of the answer, not just hidden by the UI.
 */

export const emptyMattersText = (days: number) => `No billable matters in the last ${days} days found`;

export interface ReportMatter {
  number: string;
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
  /** The lead partner: the matched person, else the responsible timekeeper's name in 3E. */
  resposibleTimekeeperName: string | null;
  hours?: number;
  comment?: string;
  manager?: boolean;
}

export interface TimekeeperReportRow {
  userId: string;
  displayName: string;
  title: string;
  profilePicture: string | null;
  currentWorkload: number | null;
  futureWorkload: number | null;
  onLeave: boolean;
  away: boolean;
  /** The 'General comment' row: the person's status message. */
  message: string;
  /** Matters the person recorded billable time on in the last N days, most hours first. */
  matters: ReportMatter[];
  hours?: number;
}

export interface MatterReportRow {
  number: string;
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
  resposibleTimekeeperName: string | null;
  totalHours?: number;
  timekeepers: {
    userId: string;
    displayName: string;
    title: string;
    profilePicture: string | null;
    currentWorkload: number | null;
    futureWorkload: number | null;
    onLeave: boolean;
    away: boolean;
    hours?: number;
    comment?: string;
    manager?: boolean;
  }[];
}

export interface DetailedReport {
  timeperiod: number;
  emptyText: string;
  columns: { hours: boolean; comments: boolean; pm: boolean };
  timekeepers: TimekeeperReportRow[];
  matters: MatterReportRow[];
}

const leads = alias(users, "report_leads");
/** The person of the outer row, qualified for the correlated subqueries below. */
const personId = sql.raw(`"users"."id"`);

function awaySql(today: number) {
  // Aliased (see personId): unqualified, "user_id" = "id" would compare the vacation's own columns.
  return sql<number>`(${users.onLeave} = 1 or exists (select 1 from vacations v where v.user_id = ${personId} and +v.company_id = "users"."company_id" and v.start_date <= ${today} and v.end_date >= ${today}))`;
}

export async function detailedReport(ctx: DomainContext, input: DetailedReportInput): Promise<DetailedReport> {
  const settings = ctx.actor.company.settings;
  if (!canSeeDetailedView(ctx.actor.user, settings)) throw new ForbiddenError("The detailed view is not available to you.");
  const columns = {
    hours: canSeeDetailedHours(ctx.actor.user, settings),
    comments: showsDetailedComments(settings),
    pm: settings.enableMatterPM,
  };
  const filter = resolveFilter(ctx.actor, { ...input, term: "", completed: true, sort: "name" });
  const where = conditions(ctx, filter);
  const today = ctx.today;
  const days = settings.mattersTimeperiod;
  const from = addDays(today, -(days - 1)).getTime();
  const to = today.getTime() + DAY_MS - 1;
  const people = ctx.db.select({ id: users.id }).from(users).where(where);
  const inWindow = and(
    eq(matterTimeEntries.companyId, ctx.companyId),
    gte(matterTimeEntries.date, new Date(from)),
    lte(matterTimeEntries.date, new Date(to)),
    eq(matterTimeEntries.billable, true),
    inArray(matterTimeEntries.userId, people),
  );
  // Decision 0190: one batch, and the two big reads come back as JSON text D1 hands over whole
  // (per person their [matter id, hours] pairs, from the covering per-person index; all matters
  // in one row), not as tens of thousands of rows to convert and map one by one.
  const [personRows, [matterJson], commentRows, managerRows, openedRows] = await ctx.db.batch([
    ctx.db
      .select({
        ...personColumns,
        futureWorkload: users.futureWorkload,
        away: awaySql(today.getTime()).mapWith(Number).as("away_today"),
        message: users.message,
        hours: sql<string>`(select json_group_array(json_array(pair.matter_id, pair.hours)) from (
          select e.matter_id as matter_id, sum(e.hours) as hours from matter_time_entries e
          where e.user_id = ${personId} and e.date >= ${from} and e.date <= ${to} and e.billable = 1 and +e.company_id = ${ctx.companyId}
          group by e.matter_id) pair)`.as("matter_hours"),
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.name} collate nocase`, asc(users.id)),
    ctx.db
      .select({
        json: sql<string>`json_group_array(json_array(${matters.id}, ${matters.number}, ${matters.displayName}, ${matters.clientDisplayName},
          coalesce(nullif(${leads.name}, ''), nullif(${matters.resposibleTimekeeperName}, '')), ${matters.confidentialSource}, ${matters.confidentialAdmin}))`.as(
          "matters_json",
        ),
      })
      .from(matters)
      .leftJoin(leads, and(eq(leads.id, matters.leadUserId), eq(leads.companyId, matters.companyId)))
      .where(
        and(
          eq(matters.companyId, ctx.companyId),
          eq(matters.billable, true),
          inArray(matters.id, ctx.db.select({ id: matterTimeEntries.matterId }).from(matterTimeEntries).where(inWindow)),
        ),
      ),
    ctx.db
      .select({ userId: matterComments.userId, number: matterComments.matterNumber, comment: matterComments.comment })
      .from(matterComments)
      .where(and(eq(matterComments.companyId, ctx.companyId), inArray(matterComments.userId, people), columns.comments ? undefined : sql`0`)),
    ctx.db
      .select({ userId: matterManagers.userId, number: matterManagers.matterNumber })
      .from(matterManagers)
      .where(and(eq(matterManagers.companyId, ctx.companyId), inArray(matterManagers.userId, people), columns.pm ? undefined : sql`0`)),
    openedConfidentialStatement(ctx),
  ]);
  const opened = openedSet(ctx, openedRows);
  const comments = new Map(commentRows.map((c) => [`${c.userId}/${c.number}`, c.comment]));
  const managers = new Set(managerRows.map((m) => `${m.userId}/${m.number}`));
  type MatterTuple = [id: string, number: string, displayName: string, client: string, lead: string | null, source: number, admin: number];
  const matterById = new Map<string, { number: string; names: PresentedNames; lead: string | null }>();
  for (const [id, number, displayName, clientDisplayName, lead, source, admin] of JSON.parse(matterJson?.json || "[]") as MatterTuple[]) {
    const names = presentMatter(
      ctx,
      { id, displayName, clientDisplayName, confidentialSource: source === 1, confidentialAdmin: admin === 1 },
      opened,
    );
    matterById.set(id, { number, names, lead });
  }

  // Objects are built whole, with their sort keys kept beside them rather than added and deleted:
  // a deleted property turns every row into a slow dictionary object, and JSON.stringify of
  // tens of thousands of them was most of the answer's time (decision 0190).
  type Ranked<T> = { row: T; hours: number; name: string };
  const byHoursThenName = <T>(a: Ranked<T>, b: Ranked<T>) => b.hours - a.hours || a.name.localeCompare(b.name);
  const matterRows = new Map<string, { row: MatterReportRow; total: number; people: Ranked<MatterReportRow["timekeepers"][number]>[] }>();
  const timekeepers: TimekeeperReportRow[] = [];
  for (const person of personRows) {
    const displayName = person.name || person.email;
    const profilePicture = profilePictureUrl(person.profilePicture);
    const away = person.away === 1;
    const own: Ranked<ReportMatter>[] = [];
    let total = 0;
    for (const [matterId, hours] of JSON.parse(person.hours || "[]") as [string, number][]) {
      const matter = matterById.get(matterId);
      if (!matter) continue;
      const key = `${person.id}/${matter.number}`;
      const comment = columns.comments ? (comments.get(key) ?? "") : undefined;
      const manager = columns.pm ? managers.has(key) : undefined;
      const entry: ReportMatter = {
        number: matter.number,
        displayName: matter.names.displayName,
        clientDisplayName: matter.names.clientDisplayName,
        confidential: matter.names.confidential,
        resposibleTimekeeperName: matter.lead,
      };
      if (columns.hours) entry.hours = round1(hours);
      if (comment !== undefined) entry.comment = comment;
      if (manager !== undefined) entry.manager = manager;
      own.push({ row: entry, hours, name: matter.names.displayName });
      total += hours;

      let group = matterRows.get(matterId);
      if (!group) {
        const row: MatterReportRow = {
          number: matter.number,
          displayName: matter.names.displayName,
          clientDisplayName: matter.names.clientDisplayName,
          confidential: matter.names.confidential,
          resposibleTimekeeperName: matter.lead,
          timekeepers: [],
        };
        group = { row, total: 0, people: [] };
        matterRows.set(matterId, group);
      }
      group.total += hours;
      const timekeeper: MatterReportRow["timekeepers"][number] = {
        userId: person.id,
        displayName,
        title: person.title,
        profilePicture,
        currentWorkload: person.currentWorkload,
        futureWorkload: person.futureWorkload,
        onLeave: person.onLeave,
        away,
      };
      if (columns.hours) timekeeper.hours = round1(hours);
      if (comment !== undefined) timekeeper.comment = comment;
      if (manager !== undefined) timekeeper.manager = manager;
      group.people.push({ row: timekeeper, hours, name: displayName });
    }
    own.sort(byHoursThenName);
    const row: TimekeeperReportRow = {
      userId: person.id,
      displayName,
      title: person.title,
      profilePicture,
      currentWorkload: person.currentWorkload,
      futureWorkload: person.futureWorkload,
      onLeave: person.onLeave,
      away,
      message: settings.disableMessage ? "" : person.message,
      matters: own.map((m) => m.row),
    };
    if (columns.hours) row.hours = round1(total);
    timekeepers.push(row);
  }
  const ranked = [...matterRows.values()].map((group): Ranked<MatterReportRow> => {
    group.people.sort(byHoursThenName);
    group.row.timekeepers = group.people.map((p) => p.row);
    if (columns.hours) group.row.totalHours = round1(group.total);
    return { row: group.row, hours: group.row.totalHours ?? 0, name: group.row.displayName };
  });
  ranked.sort((a, b) => byHoursThenName(a, b) || a.row.number.localeCompare(b.row.number));
  const matterList = ranked.map((m) => m.row);
  return { timeperiod: days, emptyText: emptyMattersText(days), columns, timekeepers, matters: matterList };
}

// Utilization ---------------------------------------------------------------------------------

export interface UtilizationRow extends UtilizationFigures {
  userId: string;
  displayName: string;
  title: string;
  profilePicture: string | null;
  currentWorkload: number | null;
  futureWorkload: number | null;
  onLeave: boolean;
  away: boolean;
  /** Billable hours a week that count as 100 %. */
  targetHours: number;
  /** AVERAGE STATUS: the mean workload level recorded over the reported weeks. */
  avgWorkload: number | null;
}

export interface UtilizationReport {
  /** false: 'My Utilization', the caller's own row only. */
  others: boolean;
  months: boolean;
  weeks: { weekNumber: number; weekStart: string }[];
  rows: UtilizationRow[];
}

export async function utilizationReport(ctx: DomainContext, input: UtilizationReportInput): Promise<UtilizationReport> {
  const settings = ctx.actor.company.settings;
  if (!canSeeUtilizationView(ctx.actor.user, settings)) throw new ForbiddenError("The utilization view is not available to you.");
  const others = canSeeOthersUtilization(ctx.actor.user, settings);
  const where = others
    ? conditions(ctx, resolveFilter(ctx.actor, { ...input, completed: true, sort: "name" }))
    : and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.actor.user.id))!;
  const window = utilizationWindow(ctx.today, input.weeks);
  const today = ctx.today.getTime();
  const workloadFrom = window.weeks[0] ?? window.to;
  // One statement, one row per person: the person's weekly rollups and mean workload ride along
  // as correlated subqueries on the (user_id, week_start) and (user_id, recorded_at) indexes,
  // the rollups packed as one JSON text per person (decision 0190).
  const personRows = await ctx.db
    .select({
      ...personColumns,
      futureWorkload: users.futureWorkload,
      away: awaySql(today).mapWith(Number).as("away_today"),
      target: users.utilizationTargetHours,
      // Written with aliases: drizzle leaves columns unqualified in a one-table select, and
      // "user_id" = "id" inside the subquery would compare the subquery's own columns. The unary
      // + keeps SQLite off the (company_id, week_start) index, which would read the whole firm's
      // weeks once per person.
      weeks: sql<string>`(select json_group_array(json_array(w.week_start, w.billable_hours, w.total_hours))
        from user_week_hours w where w.user_id = ${personId} and +w.company_id = ${ctx.companyId}
        and w.week_start >= ${window.from} and w.week_start < ${window.to})`.as("week_hours"),
      avgWorkload: sql<number | null>`(select avg(h.current_workload) from workload_history h
        where h.user_id = ${personId} and +h.company_id = ${ctx.companyId}
        and h.recorded_at >= ${workloadFrom} and h.recorded_at < ${window.to} and h.current_workload is not null)`.as("avg_workload"),
    })
    .from(users)
    .where(where)
    .orderBy(sql`${users.name} collate nocase`, asc(users.id));
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
      targetHours: target,
      avgWorkload: avgWorkload === null || Number.isNaN(avgWorkload) ? null : round1(avgWorkload),
      ...utilizationFigures(window, weeks, target),
    };
  });
  return {
    others,
    months: settings.utilizationMonths,
    weeks: window.labels,
    rows,
  };
}

// The user card's Matters section --------------------------------------------------------------

export interface CardMatter {
  number: string;
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
  resposibleTimekeeperName: string | null;
  comment: string;
}

/**
 * The user card's Matters section (Matter, Comment, Lead): the matters the person recorded
 * billable time on in the last mattersTimeperiod days, most hours first, with their own
 * comment. null when the company does not use time keeping (enableUtilizationView off).
 */
export async function userCardMatters(ctx: DomainContext, userId: string): Promise<CardMatter[] | null> {
  const settings = ctx.actor.company.settings;
  if (!settings.enableUtilizationView) return null;
  const today = ctx.today;
  const from = addDays(today, -(settings.mattersTimeperiod - 1));
  const hours = sql<number>`sum(${matterTimeEntries.hours})`.mapWith(Number);
  const [rows, commentRows, openedRows] = await ctx.db.batch([
    ctx.db
      .select({
        id: matters.id,
        number: matters.number,
        displayName: matters.displayName,
        clientDisplayName: matters.clientDisplayName,
        resposibleTimekeeperName: matters.resposibleTimekeeperName,
        leadName: sql<string | null>`${leads.name}`.as("lead_name"),
        confidentialSource: matters.confidentialSource,
        confidentialAdmin: matters.confidentialAdmin,
        hours: hours.as("hours"),
      })
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
      .where(and(eq(matterComments.companyId, ctx.companyId), eq(matterComments.userId, userId))),
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
