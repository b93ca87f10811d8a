import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { personColumns } from "./person-columns";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { filterableGroupIds, filterableOfficeIds, isAdmin, mayFilterAllGroups, mayFilterAllOffices } from "~/auth/permissions";
import type { Actor } from "~/auth/actor.types";
import { cvItems, forecasts, groups, offices, projectMembers, userSkills, users, vacations, workplacePlans } from "~/db/schema";
import { dayKey, nextWorkingDays, weekdayIndex } from "~/lib/dates";
import type { DomainContext } from "../context";
import { companyTodays, personTodaySql, todayOfOffice } from "../today";
import { ForbiddenError } from "../errors";
import { forecastColumns, toApiForecast, type ApiForecast } from "../forecasts/forecasts.server";
import { workplaceChoices } from "../workplace/workplace.schema";
import type { FilteredUsersInput, UserFilter } from "./filter.schema";
import { ALL, type OverviewSort, type Selection } from "./overview-query";
import { inJsonList } from "~/db/json-list";
import type { FilteredUsers, FilterOptions, OverviewLocation, OverviewUser } from "./overview.types";

export type { FilteredUsers, FilterOptions, OverviewLocation, OverviewUser };

/**
 * The users filter behind the overview: POST /users/filtered, POST /users/filteredIds and
 * the /overview page. Everything is scoped to the caller's company, so ids of another
 * company simply match nobody. Who appears: people of the company who completed their
 * sign-up (or, for administrators asking for them, invited people), never administrators
 * (admin flag, administrator privileges or company admin), as in the planner and the WFH
 * overview: they keep no workload of their own.
 */

// Which groups and offices the caller may filter by -------------------------------------------

export interface FilterScope {
  allGroups: boolean;
  allOffices: boolean;
  /** The caller's own and secondary group / office, when they may not pick all. */
  groupIds: string[];
  officeIds: string[];
}

export function filterScope(actor: Actor): FilterScope {
  const settings = actor.company.settings;
  return {
    allGroups: mayFilterAllGroups(actor.user, settings),
    allOffices: mayFilterAllOffices(actor.user, settings),
    groupIds: filterableGroupIds(actor.user),
    officeIds: filterableOfficeIds(actor.user),
  };
}

/**
 * What a selection becomes for this caller: 'all' stays 'all' only for those who may pick
 * all; otherwise it is narrowed to their own and secondary group or office. Ids the caller
 * may not pick are dropped rather than refused, so a filter saved before someone moved
 * team keeps working.
 */
export function narrowSelection(requested: Selection, mayPickAll: boolean, own: string[]): Selection {
  if (mayPickAll) return requested;
  if (requested === ALL) return [...own];
  return requested.filter((id) => own.includes(id));
}

export interface ResolvedFilter {
  offices: Selection;
  groups: Selection;
  term: string;
  competences?: string[];
  cvpartnerData?: string[];
  projects?: string[];
  completed: boolean;
  sort: OverviewSort;
}

export function resolveFilter(actor: Actor, filter: UserFilter): ResolvedFilter {
  if (!filter.completed && !isAdmin(actor.user)) throw new ForbiddenError("Only administrators can list invited people.");
  const scope = filterScope(actor);
  return {
    ...filter,
    offices: narrowSelection(filter.offices, scope.allOffices, scope.officeIds),
    groups: narrowSelection(filter.groups, scope.allGroups, scope.groupIds),
  };
}

/** Most CV item titles the overview's CV filter offers (the firm's distinct titles by name). */
export const CV_FILTER_OPTIONS_MAX = 500;

/** The CV filter's choices: the firm's distinct CV item titles, from cv_items_company_title_idx; null when nothing was imported. */
export function cvFilterOptionsStatement(ctx: DomainContext) {
  return ctx.db
    .selectDistinct({ title: cvItems.title })
    .from(cvItems)
    .where(eq(cvItems.companyId, ctx.companyId))
    .orderBy(asc(cvItems.title))
    .limit(CV_FILTER_OPTIONS_MAX);
}

/**
 * The options of the filter bar's multi-select: everything for those who may pick all, else
 * their own. Two statements, for the caller to run in a batch with the rest of its page.
 */
export function filterOptionsStatements(ctx: DomainContext) {
  const scope = filterScope(ctx.actor);
  const officeGroups = alias(groups, "office_groups");
  return [
    ctx.db
      .select({ _id: groups.id, name: groups.name })
      .from(groups)
      .where(
        and(eq(groups.companyId, ctx.companyId), scope.allGroups ? undefined : inArray(groups.id, scope.groupIds.length ? scope.groupIds : [""])),
      )
      .orderBy(asc(groups.name)),
    ctx.db
      .select({ _id: offices.id, name: offices.name, groupName: sql<string | null>`${officeGroups.name}`.as("group_name") })
      .from(offices)
      .leftJoin(officeGroups, eq(officeGroups.id, offices.groupId))
      .where(
        and(
          eq(offices.companyId, ctx.companyId),
          scope.allOffices ? undefined : inArray(offices.id, scope.officeIds.length ? scope.officeIds : [""]),
        ),
      )
      .orderBy(asc(offices.name), asc(officeGroups.name)),
  ] as const;
}

/** What a batch answers for a tuple of statements. */
type Answers<T extends readonly unknown[]> = { readonly [K in keyof T]: Awaited<T[K]> };

export function readFilterOptions(ctx: DomainContext, [groupRows, officeRows]: Answers<ReturnType<typeof filterOptionsStatements>>): FilterOptions {
  const scope = filterScope(ctx.actor);
  return { groups: groupRows, offices: officeRows, allGroups: scope.allGroups, allOffices: scope.allOffices };
}

/** The filter options alone, in one batch (the staffing search's office choices). */
export async function filterOptions(ctx: DomainContext): Promise<FilterOptions> {
  return readFilterOptions(ctx, await ctx.db.batch(filterOptionsStatements(ctx)));
}

// The query ------------------------------------------------------------------------------

/**
 * Membership is primary or secondary: the (group, office) pair or the (secondary group,
 * secondary office) pair falls inside the selection. Each branch carries the company, so
 * SQLite answers the OR from the two (company, group, office) indexes.
 */
export function membership(companyId: string, filter: Pick<ResolvedFilter, "groups" | "offices">): SQL {
  const company = eq(users.companyId, companyId);
  if (filter.groups === ALL && filter.offices === ALL) return company;
  if ((filter.groups !== ALL && filter.groups.length === 0) || (filter.offices !== ALL && filter.offices.length === 0)) return sql`0`;
  const pair = (group: AnySQLiteColumn, office: AnySQLiteColumn) =>
    and(
      company,
      filter.groups === ALL ? undefined : inJsonList(group, filter.groups),
      filter.offices === ALL ? undefined : inJsonList(office, filter.offices),
    )!;
  return sql`(${pair(users.groupId, users.officeId)} or ${pair(users.secondaryGroupId, users.secondaryOfficeId)})`;
}

/**
 * The people the team views list: signed up and not deactivated (SCIM `active: false` hides a
 * person everywhere without deleting their history). Planner, WFH overview, statistics,
 * competences and reminders all start from this.
 */
export function listedPeople(companyId: string): SQL {
  return and(countedPeople(companyId), isNull(users.erasedAt))!;
}

/**
 * The people the statistics and their rollups count: the listed people and those erased
 * since (decision 0300), whose anonymous history still counts, so erasing a person who left
 * changes no figure of the firm's.
 */
export function countedPeople(companyId: string): SQL {
  return and(eq(users.companyId, companyId), eq(users.completed, true), isNull(users.deactivatedAt))!;
}

/** SQLite's limit on a LIKE or GLOB pattern, in bytes (SQLITE_LIMIT_LIKE_PATTERN_LENGTH; D1 keeps 50). */
export const GLOB_PATTERN_LIMIT = 50;
const utf8 = new TextEncoder();

/**
 * The GLOB patterns a search term becomes, each to be matched against a column read through
 * SQLite's lower(): one per word, every word has to be found (in either order), so "Sydney
 * Sophie" finds Sophie Sydney. ASCII letters are lower-cased (one byte each); a letter outside
 * ASCII becomes [xX], so Åkesson and Sjöberg match however they are typed, which lower() and
 * LIKE in SQLite do not do. Wildcards are escaped. A word whose pattern would pass the
 * engine's byte limit (the query then fails with "pattern too complex") is cut into pieces that
 * fit, each of which has to be found: a little looser, never an error.
 */
export function searchGlobs(term: string): string[] {
  const globs: string[] = [];
  for (const word of term.trim().split(/\s+/u).filter(Boolean)) {
    let body = "";
    for (const ch of word) {
      const part = globPart(ch);
      if (utf8.encode(`*${body}${part}*`).length > GLOB_PATTERN_LIMIT) {
        globs.push(`*${body}*`);
        body = "";
      }
      body += part;
    }
    globs.push(`*${body}*`);
  }
  return [...new Set(globs)];
}

function globPart(ch: string): string {
  if (ch === "*" || ch === "?" || ch === "[" || ch === "]") return `[${ch}]`;
  if (ch.charCodeAt(0) < 128) return ch.toLowerCase();
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  return lower !== upper && [...lower].length === 1 && [...upper].length === 1 ? `[${lower}${upper}]` : ch;
}

/** Every word of the term is in the name or the title (searchGlobs). */
export function nameOrTitleMatches(term: string): SQL | undefined {
  const globs = searchGlobs(term);
  if (globs.length === 0) return undefined;
  return and(...globs.map((glob) => sql`(lower(${users.name}) glob ${glob} or lower(${users.title}) glob ${glob})`));
}

/** Who a resolved filter matches (also the people of the detailed and utilization reports). */
export function conditions(ctx: DomainContext, filter: ResolvedFilter): SQL {
  return and(
    membership(ctx.companyId, filter),
    eq(users.completed, filter.completed),
    // Deactivated by the firm's directory (SCIM active: false): hidden, history kept.
    isNull(users.deactivatedAt),
    // Erased (decision 0300): their anonymous history counts in the statistics only.
    isNull(users.erasedAt),
    eq(users.admin, false),
    eq(users.administratorPriviliges, false),
    eq(users.companyAdmin, false),
    nameOrTitleMatches(filter.term),
    filter.competences
      ? sql`exists (select 1 from ${userSkills} where ${userSkills.userId} = ${users.id} and ${userSkills.companyId} = ${ctx.companyId} and ${inJsonList(userSkills.competenceId, filter.competences)})`
      : undefined,
    filter.cvpartnerData
      ? sql`exists (select 1 from ${cvItems} where ${cvItems.userId} = ${users.id} and ${cvItems.companyId} = ${ctx.companyId} and ${inJsonList(cvItems.title, filter.cvpartnerData)})`
      : undefined,
    filter.projects
      ? sql`exists (select 1 from ${projectMembers} where ${projectMembers.userId} = ${users.id} and ${projectMembers.companyId} = ${ctx.companyId} and ${inJsonList(projectMembers.projectId, filter.projects)})`
      : undefined,
  )!;
}

/** Each row's today: the day in the person's office's zone (domain/today.ts). */
function rowToday(ctx: DomainContext): SQL<number> {
  return personTodaySql(ctx.actor, users.officeId, ctx.now);
}

/** Away today: on leave, or a vacation covering today (spec: planning.md, section 4). */
function awayToday(today: SQL): SQL {
  return sql`(${users.onLeave} = 1 or exists (select 1 from ${vacations} where ${vacations.userId} = ${users.id} and ${vacations.companyId} = ${users.companyId} and ${vacations.startDate} <= ${today} and ${vacations.endDate} >= ${today}))`;
}

/** Current-status order: 0 to 3, then away (4), then none (5). */
function statusRank(today: SQL): SQL {
  return sql`(case when ${awayToday(today)} then 4 when ${users.currentWorkload} between 0 and 3 then ${users.currentWorkload} else 5 end)`;
}

function orderBy(sort: OverviewSort, today: SQL): SQL[] {
  const byName = sql`${users.name} collate nocase`;
  const tail = [byName, asc(users.id)];
  switch (sort) {
    case "name":
      return tail;
    case "workloadLowHigh":
      return [statusRank(today), ...tail];
    case "workloadHighLow": {
      // Seriously busy first; away and no data stay at the end, as in the low-high order.
      const rank = statusRank(today);
      return [sql`(case when ${rank} <= 3 then 3 - ${rank} else ${rank} end)`, ...tail];
    }
    case "experience":
      // Earliest start year first; 0 is 'Before {year}', the longest-serving.
      return [sql`${users.startYear} is null`, asc(users.startYear), ...tail];
    case "lastUpdated":
      // Never-updated people come last without a term of their own: SQLite puts NULL last in a
      // descending order. So the page is read in users_company_last_updated_idx's order and
      // stops at the page's end, where `last_updated is null` first made it sort the whole firm.
      return [desc(users.lastUpdated), ...tail];
  }
}

// What the grid shows ------------------------------------------------------------------------

const secondaryOffices = alias(offices, "filter_secondary_offices");

/** POST /users/filtered: one page of the people the filter matches, sorted, with the total. */
export async function filterUsers(ctx: DomainContext, input: FilteredUsersInput): Promise<FilteredUsers> {
  const filter = resolveFilter(ctx.actor, input);
  return queryPage(ctx, filter, input.offset, input.limit);
}

/** POST /users/filteredIds: the ids of everyone the filter matches, in the chosen order. */
export async function filterUserIds(ctx: DomainContext, input: UserFilter): Promise<string[]> {
  const filter = resolveFilter(ctx.actor, input);
  const today = rowToday(ctx);
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(conditions(ctx, filter))
    .orderBy(...orderBy(filter.sort, today));
  return rows.map((row) => row.id);
}

export async function queryPage(ctx: DomainContext, filter: ResolvedFilter, offset: number, limit: number): Promise<FilteredUsers> {
  return readPage(ctx, await ctx.db.batch(pageStatements(ctx, filter, offset, limit)), offset, limit);
}

/**
 * One page of the people a filter matches as four statements for ONE batch (one round
 * trip, with whatever else the caller needs): the total, the page, each person's forecast
 * covering today or else their next one, and where they work on the first day of the
 * rolling week (today, or Monday at the weekend): their own choice for that date, else
 * their default week's weekday, reading only the two plan rows that can decide it. The
 * last two select the page's people by the page query itself, so nothing waits for the ids.
 */
export function pageStatements(ctx: DomainContext, filter: ResolvedFilter, offset: number, limit: number) {
  const today = rowToday(ctx);
  // Each person's rows are told apart in readPage; the statements read what any of the company's todays needs.
  const todays = companyTodays(ctx.actor, ctx.now);
  const days = [...new Set(todays.map((d) => locationDay(d).getTime()))].map((t) => new Date(t));
  const where = conditions(ctx, filter);
  const order = orderBy(filter.sort, today);
  const pageIds = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return [
    ctx.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
    ctx.db
      .select({
        ...personColumns,
        away: sql<number>`${awayToday(today)}`.mapWith(Number).as("away_today"),
        officeId: users.officeId,
        message: users.message,
        lastUpdated: users.lastUpdated,
        startYear: users.startYear,
        // Aliased: D1 batches answer rows keyed by column name, and "name" is taken.
        officeName: sql<string | null>`${offices.name}`.as("office_name"),
        secondaryOfficeName: sql<string | null>`${secondaryOffices.name}`.as("secondary_office_name"),
      })
      .from(users)
      .leftJoin(offices, eq(offices.id, users.officeId))
      .leftJoin(secondaryOffices, eq(secondaryOffices.id, users.secondaryOfficeId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    ctx.db
      .select(forecastColumns)
      .from(forecasts)
      .where(and(eq(forecasts.companyId, ctx.companyId), inArray(forecasts.userId, pageIds), sql`${forecasts.endDate} >= ${todays[0].getTime()}`))
      .orderBy(asc(forecasts.startDate)),
    ctx.db
      .select({ userId: workplacePlans.userId, kind: workplacePlans.kind, key: workplacePlans.key, option: workplacePlans.option })
      .from(workplacePlans)
      .where(
        and(
          eq(workplacePlans.companyId, ctx.companyId),
          inArray(workplacePlans.userId, pageIds),
          or(
            and(
              eq(workplacePlans.kind, "default"),
              inArray(
                workplacePlans.key,
                days.map((day) => weekdayIndex(day)),
              ),
            ),
            and(
              eq(workplacePlans.kind, "rolling"),
              inArray(
                workplacePlans.key,
                days.map((day) => day.getTime()),
              ),
            ),
          ),
        ),
      ),
  ] as const;
}

/** The working day the cards' location is for: today, or Monday at the weekend. */
function locationDay(today: Date): Date {
  return nextWorkingDays(today, 1)[0];
}

export function readPage(
  ctx: DomainContext,
  [[count], rows, forecastRows, planRows]: Answers<ReturnType<typeof pageStatements>>,
  offset: number,
  limit: number,
): FilteredUsers {
  // Each person's today is their office's (issue 16): their forecast and location are read for it.
  const todays = new Map(rows.map((row) => [row.id, todayOfOffice(ctx.actor, row.officeId, ctx.now)]));
  const nextForecasts = new Map<string, ApiForecast>();
  for (const row of forecastRows)
    if (!nextForecasts.has(row.userId) && row.endDate.getTime() >= (todays.get(row.userId) ?? ctx.today).getTime())
      nextForecasts.set(row.userId, toApiForecast(row));
  const options = new Map<string, 0 | 1 | 2 | 3 | null>();
  const dayOf = (userId: string) => locationDay(todays.get(userId) ?? ctx.today);
  for (const row of planRows)
    if (row.kind === "default" && row.key === weekdayIndex(dayOf(row.userId))) options.set(row.userId, row.option as 0 | 1 | 2 | 3 | null);
  for (const row of planRows)
    if (row.kind === "rolling" && row.key === dayOf(row.userId).getTime()) options.set(row.userId, row.option as 0 | 1 | 2 | 3 | null);
  const settings = ctx.actor.company.settings;
  const people = rows.map((row): OverviewUser => {
    const location = settings.disableWFH ? undefined : options.get(row.id);
    const day = dayKey(dayOf(row.id));
    return {
      today: dayKey(todays.get(row.id)!),
      _id: row.id,
      name: row.name || row.email,
      title: row.title,
      profilePicture: row.profilePicture,
      currentWorkload: row.currentWorkload,
      onLeave: row.onLeave,
      away: row.away === 1,
      message: { message: settings.disableMessage ? "" : row.message },
      lastUpdated: row.lastUpdated?.toISOString() ?? null,
      startYear: row.startYear,
      forecast: nextForecasts.get(row.id) ?? null,
      location:
        location === undefined || location === null
          ? null
          : { day, option: location, label: locationLabel(ctx, location, row.officeName, row.secondaryOfficeName) },
    };
  });
  return { users: people, total: count?.total ?? 0, offset, limit };
}

function locationLabel(ctx: DomainContext, option: 0 | 1 | 2 | 3, office: string | null, secondaryOffice: string | null): string {
  const settings = ctx.actor.company.settings;
  const choice = workplaceChoices(settings, { first: office, second: secondaryOffice }, false).find((c) => c.value === option);
  if (choice) return choice.label;
  return option === 3 ? settings.elsewhereLabel : "Office";
}
