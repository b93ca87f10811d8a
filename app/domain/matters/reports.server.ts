import { personColumns } from "~/domain/users/person-columns";
import { and, asc, avg, eq, gte, inArray, isNotNull, lt, lte, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { canSeeDetailedHours, canSeeDetailedView, canSeeOthersUtilization, canSeeUtilizationView, showsDetailedComments } from "~/auth/permissions";
import { matterComments, matterManagers, matters, matterTimeEntries, users, userWeekHours, vacations, workloadHistory } from "~/db/schema";
import { addDays, DAY_MS, isoWeek } from "~/lib/dates";
import { profilePictureUrl } from "~/lib/profile-picture";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { conditions, resolveFilter } from "../users/filter.server";
import { openedConfidentialStatement, openedSet, presentMatter } from "./confidential.server";
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

function awaySql(today: number) {
  return sql<number>`(${users.onLeave} = 1 or exists (select 1 from ${vacations} where ${vacations.userId} = ${users.id} and ${vacations.companyId} = ${users.companyId} and ${vacations.startDate} <= ${today} and ${vacations.endDate} >= ${today}))`;
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
  const [personRows, hourRows, matterRows, commentRows, managerRows, openedRows] = await ctx.db.batch([
    ctx.db
      .select({
        ...personColumns,
        futureWorkload: users.futureWorkload,
        away: awaySql(today.getTime()).mapWith(Number).as("away_today"),
        message: users.message,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.name} collate nocase`, asc(users.id)),
    ctx.db
      .select({
        userId: matterTimeEntries.userId,
        matterId: matterTimeEntries.matterId,
        hours: sum(matterTimeEntries.hours).mapWith(Number).as("hours"),
      })
      .from(matterTimeEntries)
      .where(inWindow)
      .groupBy(matterTimeEntries.userId, matterTimeEntries.matterId),
    ctx.db
      .select({
        id: matters.id,
        number: matters.number,
        displayName: matters.displayName,
        clientDisplayName: matters.clientDisplayName,
        resposibleTimekeeperName: matters.resposibleTimekeeperName,
        leadName: sql<string | null>`${leads.name}`.as("lead_name"),
        billable: matters.billable,
        confidentialSource: matters.confidentialSource,
        confidentialAdmin: matters.confidentialAdmin,
      })
      .from(matters)
      .leftJoin(leads, and(eq(leads.id, matters.leadUserId), eq(leads.companyId, matters.companyId)))
      .where(
        and(
          eq(matters.companyId, ctx.companyId),
          inArray(matters.id, ctx.db.selectDistinct({ id: matterTimeEntries.matterId }).from(matterTimeEntries).where(inWindow)),
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
  const matterById = new Map(matterRows.filter((m) => m.billable).map((m) => [m.id, m]));
  const personById = new Map(personRows.map((p) => [p.id, p]));
  const lead = (m: (typeof matterRows)[number]) => m.leadName || m.resposibleTimekeeperName || null;

  const byPerson = new Map<string, ReportMatter[]>();
  const byMatter = new Map<string, MatterReportRow>();
  for (const row of hourRows) {
    const matter = matterById.get(row.matterId);
    const person = personById.get(row.userId);
    if (!matter || !person) continue;
    const names = presentMatter(ctx, matter, opened);
    const key = `${row.userId}/${matter.number}`;
    const entry: ReportMatter = { number: matter.number, ...names, resposibleTimekeeperName: lead(matter) };
    if (columns.hours) entry.hours = round1(row.hours);
    if (columns.comments) entry.comment = comments.get(key) ?? "";
    if (columns.pm) entry.manager = managers.has(key);
    const list = byPerson.get(row.userId) ?? [];
    list.push(Object.assign(entry, { _hours: row.hours }));
    byPerson.set(row.userId, list);

    let matterRow = byMatter.get(matter.id);
    if (!matterRow) {
      matterRow = {
        number: matter.number,
        ...names,
        resposibleTimekeeperName: lead(matter),
        timekeepers: [],
        ...(columns.hours ? { totalHours: 0 } : {}),
      };
      byMatter.set(matter.id, matterRow);
    }
    if (columns.hours) matterRow.totalHours = (matterRow.totalHours ?? 0) + row.hours;
    matterRow.timekeepers.push({
      userId: person.id,
      displayName: person.name || person.email,
      title: person.title,
      profilePicture: profilePictureUrl(person.profilePicture),
      currentWorkload: person.currentWorkload,
      futureWorkload: person.futureWorkload,
      onLeave: person.onLeave,
      away: person.away === 1,
      ...(columns.hours ? { hours: round1(row.hours) } : {}),
      ...(columns.comments ? { comment: comments.get(key) ?? "" } : {}),
      ...(columns.pm ? { manager: managers.has(key) } : {}),
      _hours: row.hours,
    } as MatterReportRow["timekeepers"][number]);
  }
  const byHoursThenName = <T extends { _hours?: number; displayName: string }>(a: T, b: T) =>
    (b._hours ?? 0) - (a._hours ?? 0) || a.displayName.localeCompare(b.displayName);
  const strip = <T extends object>(o: T): T => {
    delete (o as { _hours?: number })._hours;
    return o;
  };
  const timekeepers = personRows.map((p): TimekeeperReportRow => {
    const list = (byPerson.get(p.id) ?? []) as (ReportMatter & { _hours?: number })[];
    const total = list.reduce((s, m) => s + (m._hours ?? 0), 0);
    list.sort(byHoursThenName);
    return {
      userId: p.id,
      displayName: p.name || p.email,
      title: p.title,
      profilePicture: profilePictureUrl(p.profilePicture),
      currentWorkload: p.currentWorkload,
      futureWorkload: p.futureWorkload,
      onLeave: p.onLeave,
      away: p.away === 1,
      message: settings.disableMessage ? "" : p.message,
      matters: list.map(strip),
      ...(columns.hours ? { hours: round1(total) } : {}),
    };
  });
  const matterList = [...byMatter.values()].map((m) => {
    (m.timekeepers as { _hours?: number; displayName: string }[]).sort(byHoursThenName);
    m.timekeepers.forEach(strip);
    if (m.totalHours !== undefined) m.totalHours = round1(m.totalHours);
    return m;
  });
  matterList.sort(
    (a, b) => (b.totalHours ?? 0) - (a.totalHours ?? 0) || a.displayName.localeCompare(b.displayName) || a.number.localeCompare(b.number),
  );
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
  const people = ctx.db.select({ id: users.id }).from(users).where(where);
  const [personRows, weekRows, workloadRows] = await ctx.db.batch([
    ctx.db
      .select({
        ...personColumns,
        futureWorkload: users.futureWorkload,
        away: awaySql(today).mapWith(Number).as("away_today"),
        target: users.utilizationTargetHours,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${users.name} collate nocase`, asc(users.id)),
    ctx.db
      .select({
        userId: userWeekHours.userId,
        weekStart: userWeekHours.weekStart,
        billableHours: userWeekHours.billableHours,
        totalHours: userWeekHours.totalHours,
      })
      .from(userWeekHours)
      .where(
        and(
          eq(userWeekHours.companyId, ctx.companyId),
          gte(userWeekHours.weekStart, window.from),
          lt(userWeekHours.weekStart, window.to),
          inArray(userWeekHours.userId, people),
        ),
      ),
    ctx.db
      .select({ userId: workloadHistory.userId, avg: avg(workloadHistory.currentWorkload).mapWith(Number).as("avg_workload") })
      .from(workloadHistory)
      .where(
        and(
          eq(workloadHistory.companyId, ctx.companyId),
          gte(workloadHistory.recordedAt, new Date(window.weeks[0] ?? window.to)),
          lt(workloadHistory.recordedAt, new Date(window.to)),
          isNotNull(workloadHistory.currentWorkload),
          inArray(workloadHistory.userId, people),
        ),
      )
      .groupBy(workloadHistory.userId),
  ]);
  const weeksByPerson = new Map<string, typeof weekRows>();
  for (const row of weekRows) {
    const list = weeksByPerson.get(row.userId) ?? [];
    list.push(row);
    weeksByPerson.set(row.userId, list);
  }
  const workload = new Map(workloadRows.map((w) => [w.userId, w.avg]));
  const rows = personRows.map((p): UtilizationRow => {
    const target = p.target ?? settings.utilizationTargetHours;
    const avgWorkload = workload.get(p.id);
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
      avgWorkload: avgWorkload === undefined || Number.isNaN(avgWorkload) ? null : round1(avgWorkload),
      ...utilizationFigures(window, weeksByPerson.get(p.id) ?? [], target),
    };
  });
  return {
    others,
    months: settings.utilizationMonths,
    weeks: window.weeks.map((w) => ({ weekNumber: isoWeek(new Date(w)), weekStart: new Date(w).toISOString() })),
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
