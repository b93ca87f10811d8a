import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { isAdmin } from "~/auth/permissions";
import { competences, groups, historyRetentionState, offices, statDays, statTeamDays, userSkills, users } from "~/db/schema";
import { inJsonList } from "~/db/json-list";
import { addDays, dayKey, daysBetween, isWeekend, mondayOf, parseDayKey, startOfUtcDay, weekdayIndex } from "~/lib/dates";
import type { DomainContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { requireTeamChoice } from "../validation";
import { ALL } from "../users/overview-query";
import { countedPeople, filterScope, narrowSelection } from "../users/filter.server";
import { emptyDaySums, type DaySums } from "./day-sums";
import { ensureRolledUp } from "./rollup.server";
import { rowsOfLastDay, weeklyDays } from "./weekly.server";
import {
  BUSY_THRESHOLD,
  STATISTIC_ENTITY,
  STATISTICS_DEFAULT_DAYS,
  STATISTICS_MAX_DAYS,
  type StatisticFilter,
  type StatisticPeoplePage,
  type StatisticPeopleQuery,
  type StatisticQuery,
  type StatisticsResponse,
} from "./statistics.schema";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const ratio = (part: number, whole: number, decimals: number, scale = 1) => (whole > 0 ? round((part / whole) * scale, decimals) : null);

export interface StatisticsScope {
  layout: "admin" | "user";
  start: Date;
  end: Date;
  people: ScopePerson[];
  groupIds: string[];
  officeIds: string[];
}

/** The scope without its people read: who they are as a condition on users, for statements to use in SQL. */
export interface StatisticsTeams extends Omit<StatisticsScope, "people"> {
  /** The people the figures cover, as a `where` on users (the company is in it). */
  who: SQL;
}

interface ScopePerson {
  id: string;
  name: string;
  title: string;
  profilePicture: string | null;
  groupId: string | null;
  officeId: string | null;
  currentWorkload: number | null;
  futureWorkload: number | null;
}

/**
 * The range: end defaults to today, start to 120 days back or, when later, the creation of
 * the caller's own office or group (whichever came first). No future dates, end not
 * before start, at most STATISTICS_MAX_DAYS.
 */
async function resolveRange(ctx: DomainContext, query: StatisticQuery) {
  const today = ctx.today;
  const end = query.endDate ? parseDayKey(query.endDate) : today;
  let start: Date;
  if (query.startDate) start = parseDayKey(query.startDate);
  else {
    start = addDays(end < today ? end : today, -STATISTICS_DEFAULT_DAYS);
    const own = [ctx.actor.user.groupId, ctx.actor.user.officeId].filter((v): v is string => Boolean(v));
    if (own.length) {
      const [created] = await ctx.db.select({ at: sql<number | null>`min(created_at)` }).from(
        sql`(select created_at from ${groups} where id in (select value from json_each(${JSON.stringify(own)})) and company_id = ${ctx.companyId}
            union all select created_at from ${offices} where id in (select value from json_each(${JSON.stringify(own)})) and company_id = ${ctx.companyId})`,
      );
      if (created?.at && created.at > start.getTime()) start = startOfUtcDay(created.at);
      if (start > end) start = end;
    }
  }
  const errors: Record<string, string> = {};
  if (start > today) errors.startDate = "Pick a date that is not in the future.";
  if (end > today) errors.endDate = "Pick a date that is not in the future.";
  if (end < start) errors.endDate = "The end date cannot be before the start date.";
  else if (daysBetween(start, end) >= STATISTICS_MAX_DAYS) errors.startDate = `Pick at most ${STATISTICS_MAX_DAYS} days.`;
  if (Object.keys(errors).length) throw new ValidationError(STATISTIC_ENTITY, errors, Object.values(errors)[0]);
  return { start, end };
}

/** A person as the answer names them (data.users): a page's people; the scope's rows (personColumns) add their workloads. */
const listedColumns = {
  id: users.id,
  name: users.name,
  title: users.title,
  profilePicture: users.profilePicture,
  groupId: users.groupId,
  officeId: users.officeId,
};

const personColumns = {
  ...listedColumns,
  currentWorkload: users.currentWorkload,
  futureWorkload: users.futureWorkload,
};

/**
 * Who the figures cover. Administrators (the admin layout) pick offices and groups, at
 * least one of each, narrowed like every filter to what they may pick; the people are the
 * completed non-admins whose primary team is one of those pairs. Everyone else, and an
 * administrator asking with `users`, gets their own figures (the user layout). The people
 * stay a condition in SQL (decision 0290): the figures read them inside their statements, so
 * no list of thousands of ids crosses D1 and comes back.
 */
export async function resolveStatisticsTeams(ctx: DomainContext, query: StatisticQuery, filter: StatisticFilter): Promise<StatisticsTeams> {
  const { start, end } = await resolveRange(ctx, query);
  const me = ctx.actor.user;
  if (filter.users !== undefined || !isAdmin(me)) {
    if (filter.users && filter.users.some((id) => id !== me.id)) throw new ForbiddenError("You can only see your own statistics.");
    return { layout: "user", start, end, groupIds: [], officeIds: [], who: and(eq(users.id, me.id), eq(users.companyId, ctx.companyId))! };
  }
  const scope = filterScope(ctx.actor);
  const pick = (list: string[] | undefined) => (list === undefined ? [] : list.includes(ALL) ? ALL : list);
  const wantedGroups = narrowSelection(pick(filter.groups), scope.allGroups, scope.groupIds);
  const wantedOffices = narrowSelection(pick(filter.offices), scope.allOffices, scope.officeIds);
  const [groupRows, officeRows] = await ctx.db.batch([
    ctx.db.select({ id: groups.id }).from(groups).where(eq(groups.companyId, ctx.companyId)),
    ctx.db.select({ id: offices.id }).from(offices).where(eq(offices.companyId, ctx.companyId)),
  ]);
  const groupIds = groupRows.map((g) => g.id).filter((id) => wantedGroups === ALL || wantedGroups.includes(id));
  const officeIds = officeRows.map((o) => o.id).filter((id) => wantedOffices === ALL || wantedOffices.includes(id));
  requireTeamChoice(STATISTIC_ENTITY, { officeIds, groupIds });
  // Not an admin of any kind (isAdmin), with a primary team among those chosen (teamsOf's first pair).
  const who = and(
    countedPeople(ctx.companyId),
    inJsonList(users.groupId, groupIds),
    inJsonList(users.officeId, officeIds),
    eq(users.admin, false),
    eq(users.administratorPriviliges, false),
    eq(users.companyAdmin, false),
  )!;
  return { layout: "admin", start, end, groupIds, officeIds, who };
}

/** The scope with its people read (the raw export lists them). */
export async function resolveStatisticsScope(ctx: DomainContext, query: StatisticQuery, filter: StatisticFilter): Promise<StatisticsScope> {
  const { who, ...teams } = await resolveStatisticsTeams(ctx, query, filter);
  const people = await ctx.db.select(personColumns).from(users).where(who);
  return { ...teams, people };
}

interface DayTotals extends DaySums {
  day: number;
}

/** The running totals a person's figures are the difference of (end of the range minus the day before it). */
/** Where each running total sits in a person's run of numbers (packedTotals), in the order totalsAt packs them. */
const TOTALS = { cumDays: 0, cumReported: 1, cumLevelSum: 2, cumLevel0: 3, cumLevel3: 4, cumHome: 5 } as const;
type TotalsField = (typeof TOTALS)[keyof typeof TOTALS];
const TOTALS_PER_PERSON = 6;

/**
 * A bound's running totals as totalsAt packs them (`id,n,n,n,n,n,n;...`): where each person's
 * six numbers start, and the numbers in one array. No object per person: at 5,000 people a
 * Map of objects was a cost of its own.
 *
 * With `slots` (the other bound's index), the numbers go where that index puts each person,
 * NaN where a person has no row, and people it does not hold are skipped: one index by id for
 * both bounds, not a second Map of 20,000 ids (decision 0317).
 */
export function packedTotals(text: string | null | undefined, slots?: Map<string, number>): { index: Map<string, number>; values: Float64Array } {
  const index = slots ?? new Map<string, number>();
  if (slots) {
    const values = new Float64Array(slots.size * TOTALS_PER_PERSON).fill(NaN);
    if (text) readTotals(text, values, slots);
    return { index, values };
  }
  if (!text) return { index, values: new Float64Array(0) };
  let people = 1;
  for (let i = text.indexOf(";"); i !== -1; i = text.indexOf(";", i + 1)) people++;
  const values = new Float64Array(people * TOTALS_PER_PERSON);
  readTotals(text, values, index, true);
  return { index, values };
}

/** packedTotals' pass: each row's numbers at its person's slot in `index`, or (`grow`) at the next one, added to it. */
function readTotals(text: string, values: Float64Array, index: Map<string, number>, grow = false) {
  // One pass over the characters: the totals are whole numbers, read digit by digit (splitting
  // each row and converting its strings was three quarters of this function at 5,000 people).
  // Both bounds come in the index's order (by person), so a row of the second is first
  // compared in place with the person after the last one found: no string cut out of the
  // text and hashed per row while the two lists agree.
  const order = grow ? [] : [...index.keys()];
  let cursor = 0;
  let i = 0;
  for (let next = 0; i < text.length; next += TOTALS_PER_PERSON) {
    const comma = text.indexOf(",", i);
    let at = next;
    if (grow) index.set(text.slice(i, comma), at);
    else {
      const expected = order[cursor];
      const slot =
        expected !== undefined && comma - i === expected.length && text.startsWith(expected, i)
          ? index.get(expected)
          : index.get(text.slice(i, comma));
      if (slot === undefined) {
        const row = text.indexOf(";", comma);
        i = row === -1 ? text.length : row + 1;
        continue;
      }
      at = slot;
      cursor = at / TOTALS_PER_PERSON + 1;
    }
    i = comma + 1;
    for (let k = 0; k < TOTALS_PER_PERSON; k++) {
      const from = i;
      let value = 0;
      let code = text.charCodeAt(i);
      const negative = code === 45;
      if (negative) code = text.charCodeAt(++i);
      while (code >= 48 && code <= 57) {
        value = value * 10 + (code - 48);
        code = text.charCodeAt(++i);
      }
      if (i < text.length && code !== 44 && code !== 59) {
        // Not a whole number after all: read it as JavaScript would.
        const end = Math.min(...[text.indexOf(",", i), text.indexOf(";", i), text.length].filter((n) => n !== -1));
        value = Number(text.slice(from, end));
        i = end;
      } else if (negative) value = -value;
      values[at + k] = value;
      i++;
    }
  }
}

/**
 * A running total's growth over the range: at the end minus before the start (a total that
 * restarted, smaller at the end, counts from zero); nothing without a row at the end. A plain
 * function, not a closure per person: the bundle names every closure it makes (keepNames).
 */
function rangeDiff(
  end: ReturnType<typeof packedTotals>,
  e: number | undefined,
  before: ReturnType<typeof packedTotals>,
  b: number | undefined,
  field: TotalsField,
): number {
  if (e === undefined) return 0;
  const atEnd = end.values[e + field];
  const atStart = b === undefined ? 0 : before.values[b + field];
  return atEnd - (atStart <= atEnd ? atStart : 0);
}

/** One person as the people statement packs them; title and picture only for the full shape. */
type PackedPerson = [id: string, name: string, groupId: string | null, officeId: string | null, title: string, profilePicture: string | null];

/** A person the answer names (data.users). */
type ListedPerson = Pick<ScopePerson, "id" | "name" | "title" | "profilePicture" | "groupId" | "officeId">;

/**
 * Every statistic of the spec's Statistics response, read from the daily rollups. With
 * `page`, userWorkloadData and data.users hold one page of people (decision 0290) and
 * `people` says how many there are; every other figure still covers the whole scope.
 *
 * What grows with the firm is read as one packed JSON value per statement (decision 0290):
 * D1 hands rows across cell by cell, which at 5,000 people cost more than the rest of the
 * request. The running totals are read by (company, day), the rollup's own order, and
 * matched to the people here: a join from each person into stat_days is a random read each.
 */
export async function computeStatistics(ctx: DomainContext, scope: StatisticsTeams, page?: StatisticPeopleQuery): Promise<StatisticsResponse> {
  const { start, end } = scope;
  const lastDay = (bound: Date, inclusive: boolean) =>
    sql`(select max(day) from ${statDays} where company_id = ${ctx.companyId} and day ${inclusive ? sql`<=` : sql`<`} ${bound.getTime()})`;
  // Numbers and ids only (ids are hex), so plain text separated by ',' and ';' is safe and
  // half the work of a JSON list for SQLite, D1 and the parse here.
  const totalsAt = (day: ReturnType<typeof lastDay>) =>
    ctx.db
      .select({
        day: sql<number | null>`${day}`.as("totals_day"),
        list: sql<string | null>`group_concat(${sql.join(
          [statDays.userId, statDays.cumDays, statDays.cumReported, statDays.cumLevelSum, statDays.cumLevel0, statDays.cumLevel3, statDays.cumHome],
          sql` || ',' || `,
        )}, ';')`.as("totals_list"),
      })
      .from(statDays)
      .where(and(eq(statDays.companyId, ctx.companyId), sql`${statDays.day} = ${day}`));
  const personValues = [users.id, users.name, users.groupId, users.officeId, users.title, users.profilePicture];
  const dayRange = and(gte(statDays.day, start.getTime()), lte(statDays.day, end.getTime()));
  const teamKey = [statTeamDays.companyId, statTeamDays.groupId, statTeamDays.officeId];
  const teamDaysInScope = and(
    eq(statTeamDays.companyId, ctx.companyId),
    gte(statTeamDays.day, start.getTime()),
    lte(statTeamDays.day, end.getTime()),
    inJsonList(statTeamDays.groupId, scope.groupIds),
    inJsonList(statTeamDays.officeId, scope.officeIds),
  );
  // The names of the offices or groups in scope: the admin's chosen ones, or those of the people in scope.
  const teamNames = (team: typeof offices | typeof groups, column: typeof users.officeId | typeof users.groupId, chosen: string[]) =>
    ctx.db
      .select({ _id: team.id, name: team.name })
      .from(team)
      .where(
        and(
          eq(team.companyId, ctx.companyId),
          scope.layout === "admin" ? inJsonList(team.id, chosen) : inArray(team.id, ctx.db.select({ id: column }).from(users).where(scope.who)),
        ),
      );
  const [teamRows, [endPacked], [beforePacked], skillRows, keptDayRows, teamSumRows, officeNames, groupNames, [retained]] = await ctx.db.batch([
    // The scope's people, per team with the team's count and the forecast's two counts: one
    // pass over the team index, which holds all a page needs (decision 0317), in its order.
    // A page names only the people it shows (read below), so it asks for their ids alone; the
    // full shape lists everyone, with names.
    ctx.db
      .select({
        officeId: users.officeId,
        groupId: users.groupId,
        people: sql<number>`count(*)`.as("team_people"),
        lower: sql<number>`coalesce(sum(${users.futureWorkload} < ${users.currentWorkload}), 0)`.as("forecast_lower"),
        higher: sql<number>`coalesce(sum(${users.futureWorkload} > ${users.currentWorkload}), 0)`.as("forecast_higher"),
        list: page
          ? sql<string>`group_concat(${users.id})`.as("team_list")
          : sql<string>`json_group_array(json_array(${sql.join(personValues, sql`, `)}))`.as("team_list"),
      })
      .from(users)
      .where(scope.who)
      .groupBy(users.groupId, users.officeId),
    totalsAt(lastDay(end, true)),
    totalsAt(lastDay(start, false)),
    // One row per competence with all its members; those in scope are picked here (asking SQL
    // for the scope again cost more than the skills themselves).
    ctx.db
      .select({ competenceId: competences.id, name: competences.name, members: sql<string>`json_group_array(${userSkills.userId})`.as("members") })
      .from(userSkills)
      .innerJoin(competences, eq(competences.id, userSkills.competenceId))
      .where(eq(userSkills.companyId, ctx.companyId))
      .groupBy(competences.id),
    // The admin layout's days, all teams in scope summed in SQL: a row per day, not per team
    // and day (40 teams of a large firm made 4,800 rows to hand across); the day's histograms
    // come as their lists joined (histograms, below). Team ids are left empty: the teams'
    // sums are the next statement.
    scope.layout === "admin"
      ? ctx.db
          .select({
            day: statTeamDays.day,
            groupId: sql<string>`''`.as("d_group_id"),
            officeId: sql<string>`''`.as("d_office_id"),
            people: sql<number>`sum(${statTeamDays.people})`.as("d_people"),
            reported: sql<number>`sum(${statTeamDays.reported})`.as("d_reported"),
            levelSum: sql<number>`sum(${statTeamDays.levelSum})`.as("d_level_sum"),
            away: sql<number>`sum(${statTeamDays.away})`.as("d_away"),
            home: sql<number>`sum(${statTeamDays.home})`.as("d_home"),
            office: sql<number>`sum(${statTeamDays.office})`.as("d_office"),
            located: sql<number>`sum(${statTeamDays.located})`.as("d_located"),
            weekHomeHist: sql<string>`group_concat(${statTeamDays.weekHomeHist})`.as("d_week_home_hist"),
            weekOfficeHist: sql<string>`group_concat(${statTeamDays.weekOfficeHist})`.as("d_week_office_hist"),
          })
          .from(statTeamDays)
          .where(teamDaysInScope)
          .groupBy(statTeamDays.day)
      : ctx.db
          .select({
            day: statDays.day,
            groupId: statDays.groupId,
            officeId: statDays.officeId,
            people: sql<number>`1`.as("p_people"),
            reported: sql<number>`(${statDays.level} is not null)`.as("p_reported"),
            levelSum: sql<number>`coalesce(${statDays.level}, 0)`.as("p_levelSum"),
            away: statDays.away,
            home: sql<number>`(${statDays.location} = 1)`.as("p_home"),
            office: sql<number>`(${statDays.location} = 0)`.as("p_office"),
            located: sql<number>`(${statDays.location} is not null)`.as("p_located"),
            weekHomeHist: sql<string>`json_array(${statDays.weekHome})`.as("p_weekHomeHist"),
            weekOfficeHist: sql<string>`json_array(${statDays.weekOffice})`.as("p_weekOfficeHist"),
          })
          .from(statDays)
          .where(and(eq(statDays.companyId, ctx.companyId), eq(statDays.userId, ctx.actor.user.id), dayRange)),
    // Each team's sums over the range (the admin layout's team averages), in the order of the
    // teams' key; the user layout names no teams, so nothing (its own rows are summed below).
    ctx.db
      .select({
        officeId: statTeamDays.officeId,
        groupId: statTeamDays.groupId,
        reported: sql<number>`sum(${statTeamDays.reported})`.as("t_reported"),
        levelSum: sql<number>`sum(${statTeamDays.levelSum})`.as("t_level_sum"),
      })
      .from(statTeamDays)
      .where(teamDaysInScope)
      .groupBy(...teamKey),
    teamNames(offices, users.officeId, scope.officeIds),
    teamNames(groups, users.groupId, scope.groupIds),
    ctx.db
      .select({ before: historyRetentionState.rolledBefore })
      .from(historyRetentionState)
      .where(eq(historyRetentionState.companyId, ctx.companyId)),
  ]);

  // Days retention rolled into weeks (decision 0308) come back from workload_weekly as they
  // were: the totals of a bound's day when that day is rolled, and a person's own days. Team
  // days (stat_team_days) are kept whole, so the admin layout's series need nothing here.
  const rolled = retained?.before ?? 0;
  const rolledTotals = async (found: { day: number | null; list: string | null } | undefined, bound: Date, inclusive: boolean) => {
    if (!rolled || (found?.day != null && found.day >= rolled)) return found?.list;
    const rows = await rowsOfLastDay(ctx.db, ctx.companyId, bound.getTime(), inclusive);
    return rows.length
      ? rows.map((r) => [r.userId, r.cumDays, r.cumReported, r.cumLevelSum, r.cumLevel0, r.cumLevel3, r.cumHome].join(",")).join(";")
      : null;
  };
  const [endList, beforeList] = await Promise.all([rolledTotals(endPacked, end, true), rolledTotals(beforePacked, start, false)]);
  const dayRows =
    scope.layout === "user" && rolled > start.getTime()
      ? [
          ...(await weeklyDays(ctx.db, ctx.companyId, start.getTime(), Math.min(end.getTime(), rolled - 1), ctx.actor.user.id)).map((row) => ({
            day: row.day,
            groupId: row.groupId,
            officeId: row.officeId,
            people: 1,
            reported: row.level !== null ? 1 : 0,
            levelSum: row.level ?? 0,
            away: row.away,
            home: row.location === 1 ? 1 : 0,
            office: row.location === 0 ? 1 : 0,
            located: row.location !== null ? 1 : 0,
            weekHomeHist: `[${row.weekHome}]`,
            weekOfficeHist: `[${row.weekOffice}]`,
          })),
          ...keptDayRows,
        ]
      : keptDayRows;

  const endBy = packedTotals(endList);
  const beforeBy = packedTotals(beforeList, endBy.index);
  // The scope's people: ids alone for a page, everyone's row for the full shape.
  const people: { id: string }[] = page
    ? teamRows.flatMap((row) => row.list.split(",").map((id) => ({ id })))
    : teamRows
        .flatMap((row) => JSON.parse(row.list) as PackedPerson[])
        .map(([id, name, groupId, officeId, title, profilePicture]) => ({
          id,
          name,
          title,
          profilePicture,
          groupId,
          officeId,
        }));

  // Per day, all teams summed. A person's own rows carry their week count, not a histogram.
  const byDay = new Map<number, DayTotals>();
  const teamSums = new Map<string, { reported: number; levelSum: number }>();
  for (const row of dayRows) {
    const homeHist = histogram(row.weekHomeHist, scope.layout === "user");
    const officeHist = histogram(row.weekOfficeHist, scope.layout === "user");
    const totals = byDay.get(row.day) ?? { day: row.day, ...emptyDaySums() };
    totals.people += Number(row.people);
    totals.reported += Number(row.reported);
    totals.levelSum += Number(row.levelSum);
    totals.away += Number(row.away);
    totals.home += Number(row.home);
    totals.office += Number(row.office);
    totals.located += Number(row.located);
    homeHist.forEach((n, i) => (totals.weekHomeHist[i] += n));
    officeHist.forEach((n, i) => (totals.weekOfficeHist[i] += n));
    byDay.set(row.day, totals);
    if (scope.layout === "admin") continue;
    const key = `${row.officeId}_${row.groupId}`;
    const team = teamSums.get(key) ?? { reported: 0, levelSum: 0 };
    team.reported += Number(row.reported);
    team.levelSum += Number(row.levelSum);
    teamSums.set(key, team);
  }
  for (const row of teamSumRows) teamSums.set(`${row.officeId}_${row.groupId}`, { reported: Number(row.reported), levelSum: Number(row.levelSum) });

  const weekdays: Date[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) if (!isWeekend(d)) weekdays.push(d);
  const days = weekdays.map((d) => byDay.get(d.getTime()));
  const sum = (pick: (t: DayTotals) => number) => days.reduce((acc, t) => acc + (t ? pick(t) : 0), 0);

  // Each ISO week counts once, on its last rolled working day inside the range.
  const weekEnds = new Map<number, DayTotals>();
  for (const t of days) if (t) weekEnds.set(mondayOf(new Date(t.day)).getTime(), t);
  const homeWeeks = [0, 0, 0, 0, 0, 0] as StatisticsResponse["nbrOfHomeDaysPerWeek"];
  const officeWeeks = [0, 0, 0, 0, 0, 0];
  for (const t of weekEnds.values()) {
    t.weekHomeHist.forEach((n, i) => (homeWeeks[i] += n));
    t.weekOfficeHist.forEach((n, i) => (officeWeeks[i] += n));
  }
  const allWeeks = homeWeeks.reduce((a, b) => a + b, 0);

  // Each person's figures over the range, in the order of `people`: the difference of the
  // running totals at its bounds (a total that restarted counts from zero). Typed arrays by
  // position, NaN for nothing reported (null in the answer), and one index by id for both
  // bounds: no object per person, which at 20,000 people was a cost of its own (decision 0317).
  const n = people.length;
  const avgs = new Float64Array(n);
  /** The average as answered (two decimals): what a page ranks by. */
  const figureOf = new Float64Array(n);
  const workDays = new Float64Array(n);
  const homeDays = new Float64Array(n);
  const seriouslyBusy = new Float64Array(n);
  const available = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const e = endBy.index.get(people[i].id);
    const b = e !== undefined && !Number.isNaN(beforeBy.values[e]) ? e : undefined;
    const reported = rangeDiff(endBy, e, beforeBy, b, TOTALS.cumReported);
    const avg = reported > 0 ? rangeDiff(endBy, e, beforeBy, b, TOTALS.cumLevelSum) / reported : NaN;
    avgs[i] = avg;
    figureOf[i] = reported > 0 ? round(avg, 2) : NaN;
    workDays[i] = rangeDiff(endBy, e, beforeBy, b, TOTALS.cumDays);
    homeDays[i] = rangeDiff(endBy, e, beforeBy, b, TOTALS.cumHome);
    seriouslyBusy[i] = reported > 0 ? round(rangeDiff(endBy, e, beforeBy, b, TOTALS.cumLevel3) / reported, 3) : NaN;
    available[i] = reported > 0 ? round(rangeDiff(endBy, e, beforeBy, b, TOTALS.cumLevel0) / reported, 3) : NaN;
  }
  const orNull = (value: number) => (Number.isNaN(value) ? null : value);
  const dataOf = (i: number): StatisticsResponse["userWorkloadData"][string] => ({
    avgWorkload: orNull(figureOf[i]),
    portionOfSeriouslyBusy: orNull(seriouslyBusy[i]),
    portionOfAvailable: orNull(available[i]),
  });

  const distribution: StatisticsResponse["workloadDistributions"] = [0, 0, 0, 0];
  for (let i = 0; i < n; i++) if (!Number.isNaN(avgs[i])) distribution[levelOf(avgs[i])]++;

  const teamWorkload: StatisticsResponse["teamWorkload"] = {};
  const teamPeople = new Map<string, number>();
  for (const row of teamRows) if (row.officeId && row.groupId) teamPeople.set(`${row.officeId}_${row.groupId}`, Number(row.people));
  for (const key of new Set([...teamSums.keys(), ...teamPeople.keys()])) {
    if (key === "_") continue;
    const t = teamSums.get(key);
    teamWorkload[key] = { avgWorkload: t ? ratio(t.levelSum, t.reported, 2) : null, nbrOfUsers: teamPeople.get(key) ?? 0 };
  }

  // Home days per week against average workload, one point per person; r is Pearson's.
  const pairs: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) if (!Number.isNaN(avgs[i]) && workDays[i] > 0) pairs.push({ x: (homeDays[i] / workDays[i]) * 5, y: avgs[i] });
  // Keyed by the two rounded figures in tenths, as one number (a string per person cost more).
  const bubbles = new Map<number, StatisticsResponse["WFHToWorkloadCorrelation"]["points"][number]>();
  for (const { x, y } of pairs) {
    const key = Math.round(x * 10) * 100_000 + Math.round(y * 10);
    const point = bubbles.get(key);
    if (point) point.nbrOfUsers++;
    else bubbles.set(key, { homeDaysPerWeek: round(x, 1), avgWorkload: round(y, 1), nbrOfUsers: 1 });
  }

  const competenceWorkload: StatisticsResponse["competenceWorkload"] = {};
  // Where each person is in `people`: only when a competence needs it.
  const figureAt = skillRows.length ? new Map(people.map((person, i) => [person.id, i])) : new Map<string, number>();
  const competenceRows = skillRows
    .map((row) => ({ ...row, members: (JSON.parse(row.members) as string[]).filter((id) => figureAt.has(id)) }))
    .filter((row) => row.members.length > 0);
  for (const row of competenceRows) {
    const members = row.members;
    const memberAvgs = members.map((id) => avgs[figureAt.get(id)!]).filter((v) => !Number.isNaN(v));
    competenceWorkload[row.competenceId] = {
      nbrOfUsers: members.length,
      avgWorkload: memberAvgs.length ? round(memberAvgs.reduce((a, b) => a + b, 0) / memberAvgs.length, 2) : null,
    };
  }

  const peaks = days.filter((t): t is DayTotals => Boolean(t && t.people > 0)).map((t) => t.office / t.people);

  // The whole scope, or one page of it: everything above covers the whole scope either way.
  // The full shape read everyone's row (PackedPerson); a page reads its own below.
  let listed: ListedPerson[] = page ? [] : (people as ListedPerson[]);
  /** Where each listed person is in `people` (a page's; the full shape lists `people` as they are). */
  let listedAt: number[] = [];
  let peoplePage: StatisticPeoplePage | undefined;
  if (page) {
    const level = page.level ?? null;
    // The people with a figure (in the level asked for), by position in `people`.
    const matching: number[] = [];
    for (let at = 0; at < n; at++) if (!Number.isNaN(avgs[at]) && (level === null || levelOf(avgs[at]) === level)) matching.push(at);
    const figure = (at: number) => figureOf[at];
    const window = pageWindow(matching, figure, page.offset, page.limit);
    if (window) {
      // Names only for the page and the ties around it, which names put in order: read with
      // their titles and pictures in one statement (a page is at most 500, its ties seldom more).
      const touched = window.runs.map((at) => ({ id: people[at].id, at }));
      const details = await pagePeopleStatement(
        ctx,
        touched.map((m) => m.id),
      );
      const byId = new Map(details.map((d) => [d.id, d]));
      const named = touched.map((m) => ({ ...m, name: byId.get(m.id)?.name ?? "" }));
      const ordered = orderRuns(named, (m) => figureOf[m.at], window);
      listedAt = ordered.map((m) => m.at);
      listed = ordered.map((m) => {
        const d = byId.get(m.id);
        return {
          id: m.id,
          name: m.name,
          title: d?.title ?? "",
          profilePicture: d?.profilePicture ?? null,
          groupId: d?.groupId ?? null,
          officeId: d?.officeId ?? null,
        };
      });
    }
    const atLeast = (portions: Float64Array) => portions.reduce((count, v) => count + ((Number.isNaN(v) ? 0 : v) >= BUSY_THRESHOLD ? 1 : 0), 0);
    peoplePage = {
      total: matching.length,
      offset: page.offset,
      limit: page.limit,
      level,
      seriouslyBusy: atLeast(seriouslyBusy),
      available: atLeast(available),
    };
  }

  return {
    startDate: dayKey(start),
    endDate: dayKey(end),
    layout: scope.layout,
    averageWorkloadOverTime: weekdays.map((d, i) => ({ date: dayKey(d), value: days[i] ? ratio(days[i]!.levelSum, days[i]!.reported, 2) : null })),
    workloadDistributions: distribution,
    averageWorkload: ratio(
      sum((t) => t.levelSum),
      sum((t) => t.reported),
      2,
    ),
    userWorkloadData: Object.fromEntries(page ? listed.map((p, k) => [p.id, dataOf(listedAt[k])]) : people.map((p, i) => [p.id, dataOf(i)])),
    teamWorkload,
    workloadForecast: {
      lower: teamRows.reduce((n, row) => n + Number(row.lower), 0),
      higher: teamRows.reduce((n, row) => n + Number(row.higher), 0),
    },
    nbrOfUsers: people.length,
    WFHToWorkloadCorrelation: { points: [...bubbles.values()], r: pearson(pairs) },
    nbrOfHomeDaysPerWeek: homeWeeks,
    workFromHomePerWeekday: WEEKDAYS.map((weekday, index) => {
      const same = days.filter((t, i) => t && weekdayIndex(weekdays[i]) === index) as DayTotals[];
      return {
        weekday,
        percentAtHome: ratio(
          same.reduce((a, t) => a + t.home, 0),
          same.reduce((a, t) => a + t.located, 0),
          1,
          100,
        ),
      };
    }),
    portionOfUsersWorkingFromHomeOverTime: weekdays.map((d, i) => ({
      date: dayKey(d),
      portionAtHome: days[i] ? ratio(days[i]!.home, days[i]!.located, 3) : null,
    })),
    competenceWorkload,
    percentOfMoreThan4daysHome: ratio(homeWeeks[4] + homeWeeks[5], allWeeks, 1, 100),
    percentOfMoreThan4daysAtOffice: ratio(officeWeeks[4] + officeWeeks[5], allWeeks, 1, 100),
    peakOfficeOccupancy: peaks.length ? round(Math.max(...peaks) * 100, 1) : null,
    percentOnLeave: ratio(
      sum((t) => t.away),
      sum((t) => t.people),
      1,
      100,
    ),
    ...(peoplePage ? { people: peoplePage } : {}),
    data: {
      offices: officeNames,
      groups: groupNames,
      users: listed.map((p) => ({ _id: p.id, name: p.name, title: p.title, profilePicture: p.profilePicture, office: p.officeId, group: p.groupId })),
      competences: competenceRows.map((row) => ({ _id: row.competenceId, name: row.name })),
    },
  };
}

/**
 * The names, titles, pictures and teams of a page's people (and the ties around it), by id.
 * Each id is looked up by the primary key: the firm is checked on the rows found (`+` keeps
 * SQLite from reading it as an index term), for with `company_id = ?` usable, SQLite walked
 * all 20,000 people of a large firm to find 80 (decision 0317).
 */
export function pagePeopleStatement(ctx: DomainContext, ids: string[]) {
  return ctx.db
    .select(listedColumns)
    .from(users)
    .where(and(inJsonList(users.id, ids), sql`+${users.companyId} = ${ctx.companyId}`));
}

/**
 * A page of people by figure, highest first, then by name and id, in two halves (decision
 * 0295): sorting everyone by name (localeCompare) cost tens of milliseconds at 5,000 people,
 * so only the runs of equal figures the page touches are ordered by name, and only they need
 * names at all. This first half needs none: the runs of equal figures the page touches (`runs`,
 * by figure, which a sort of everyone would put from `lo` to `hi`) and the page's bounds in
 * that order (`offset` to `to`). Null when the page is past the end.
 */
export function pageWindow<P>(people: P[], figure: (p: P) => number, offset: number, limit: number) {
  const to = Math.min(offset + limit, people.length);
  if (offset >= to) return null;
  // The figures alone, sorted as numbers (no comparator, no objects: at 20,000 people sorting
  // everyone by a comparator was a cost of its own, decision 0317), give the page's highest
  // figure (at `offset`) and its lowest (at `to - 1`); the runs are everyone between the two.
  const figures = Float64Array.from(people, figure).sort();
  const highest = figures[people.length - 1 - offset];
  const lowest = figures[people.length - to];
  let lo = 0;
  const runs: P[] = [];
  for (const p of people) {
    const f = figure(p);
    if (f > highest) lo++;
    else if (f >= lowest) runs.push(p);
  }
  // By figure, in the order they came within a figure (a stable sort), as a sort of everyone would.
  runs.sort((a, b) => figure(b) - figure(a));
  return { runs, offset, to, lo, hi: lo + runs.length };
}

/** pageWindow's second half: the runs (named) by figure, name and id, and the page of them. */
export function orderRuns<P extends { id: string; name: string }>(
  runs: P[],
  figure: (p: P) => number,
  window: { offset: number; to: number; lo: number },
): P[] {
  return [...runs]
    .sort((a, b) => figure(b) - figure(a) || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(window.offset - window.lo, window.to - window.lo);
}

/** The doughnut's segment of an average level: rounded, at most Seriously busy. */
const levelOf = (avg: number) => Math.min(3, Math.round(avg));

/** A day's histogram: its teams' summed (their lists joined), or a person's own week count turned into a one-person histogram. */
function histogram(text: string, single: boolean): number[] {
  const hist = [0, 0, 0, 0, 0, 0];
  if (single) {
    hist[Math.min(5, (JSON.parse(text) as number[])[0])] = 1;
    return hist;
  }
  // A day's teams' histograms, their lists joined with commas (group_concat): summed.
  for (const team of JSON.parse(`[${text}]`) as number[][]) team.forEach((n, i) => (hist[i] += n));
  return hist;
}

function pearson(pairs: { x: number; y: number }[]): number | null {
  const n = pairs.length;
  if (n < 2) return null;
  const mx = pairs.reduce((a, p) => a + p.x, 0) / n;
  const my = pairs.reduce((a, p) => a + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const { x, y } of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  if (sxx === 0 || syy === 0) return null;
  return round(sxy / Math.sqrt(sxx * syy), 3);
}

/** POST /statistic. */
export async function getStatistics(ctx: DomainContext, query: StatisticQuery, filter: StatisticFilter) {
  const scope = await resolveStatisticsTeams(ctx, query, filter);
  await ensureRolledUp(ctx);
  return computeStatistics(ctx, scope, filter.people);
}

/** The offices and groups the statistics filter offers the caller (everything, or their own). */
export async function statisticsFilterOptions(ctx: DomainContext) {
  const scope = filterScope(ctx.actor);
  const [groupRows, officeRows] = await ctx.db.batch([
    ctx.db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.companyId, ctx.companyId)).orderBy(groups.name),
    // Each office with its group's name: several offices may share a name (issue 27, item 7). Aliased:
    // a batch maps its rows by column name, and the group's `name` would overwrite the office's.
    ctx.db
      .select({ id: offices.id, name: offices.name, groupName: sql<string | null>`${groups.name}`.as("group_name") })
      .from(offices)
      .leftJoin(groups, eq(groups.id, offices.groupId))
      .where(eq(offices.companyId, ctx.companyId))
      .orderBy(offices.name, groups.name),
  ]);
  return {
    groupOptions: groupRows.filter((g) => scope.allGroups || scope.groupIds.includes(g.id)),
    officeOptions: officeRows.filter((o) => scope.allOffices || scope.officeIds.includes(o.id)),
  };
}
