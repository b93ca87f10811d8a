import { sql, type SQL } from "drizzle-orm";
import { competences, forecasts, offices, skillLevels, userSkills, users, vacations } from "~/db/schema";
import { addDays, dayKey, isWeekend } from "~/lib/dates";
import type { DomainContext } from "../context";
import { ForbiddenError, ValidationError } from "../errors";
import { FREE_LEVELS } from "../workload/levels";
import { listedPeople, membership, resolveFilter } from "./filter.server";
import type { StaffingSearchInput } from "./staffing.schema";

/**
 * The staffing search (decision 0111): who is free on the chosen working days (Available
 * or Some availability, levels 0 and 1, from the forecast covering the day, else the person's current or future workload;
 * never away), holds a competence at a level, and sits in the chosen offices and groups;
 * ranked by free days, then skill level, then name, each with why they match. One
 * statement: candidates come from the users and (with a competence) user_skills indexes,
 * and each day is answered from the forecasts and vacations per-person indexes, so its cost
 * grows with candidates × days, never with the company's history.
 */

export type DayAvailability = "free" | "busy" | "away";

export interface StaffingMatch {
  _id: string;
  name: string;
  title: string | null;
  profilePicture: string | null;
  office: string | null;
  freeDays: number;
  days: DayAvailability[];
  /** Each day's workload level (0 to 3), 'away', or null for no data: the colours of the one scale (issue 27, item 14). */
  levels: (number | "away" | null)[];
  skill: { name: string; level: number | null; levelName: string | null } | null;
  why: string[];
}

export interface StaffingResult {
  days: string[];
  competence: { _id: string; name: string } | null;
  users: StaffingMatch[];
  total: number;
}

/** A day's flag in the pattern: its level 0 to 3, 'a' away, 'n' no data. Free means Available or Some availability. */
const FLAG: Record<string, DayAvailability> = { "0": "free", "1": "free", "2": "busy", "3": "busy", n: "busy", a: "away" };
const LEVEL: Record<string, number | "away" | null> = { "0": 0, "1": 1, "2": 2, "3": 3, n: null, a: "away" };

export const STAFFING_ENTITY = "StaffingSearchInputErrors";

export function workingDays(start: Date, end: Date): Date[] {
  const days: Date[] = [];
  for (let day = start; day.getTime() <= end.getTime(); day = addDays(day, 1)) if (!isWeekend(day)) days.push(day);
  return days;
}

/** The one statement; exported so the query-plan test reads the plan of exactly this SQL. */
export function staffingStatement(ctx: DomainContext, input: StaffingSearchInput, days: Date[]): SQL {
  const filter = resolveFilter(ctx.actor, { offices: input.offices, groups: input.groups, term: "", completed: true, sort: "name" });
  const dayList = JSON.stringify(days.map((d) => d.getTime()));
  const skillJoin = input.competenceId
    ? sql`join ${userSkills} on ${userSkills.userId} = ${users.id} and ${userSkills.companyId} = ${ctx.companyId} and ${userSkills.competenceId} = ${input.competenceId}
          left join ${skillLevels} on ${skillLevels.id} = ${userSkills.levelId}`
    : sql``;
  const skillColumns = input.competenceId ? sql`${skillLevels.level} as lvl, ${skillLevels.name} as lvl_name` : sql`null as lvl, null as lvl_name`;
  const minLevel = input.competenceId && input.minLevel ? sql`and ${skillLevels.level} >= ${input.minLevel}` : sql``;
  return sql`
    with days(d, i) as (select value, key from json_each(${dayList})),
    cand as (
      select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${users.title} as title,
        ${users.profilePicture} as picture, ${users.currentWorkload} as cw, ${users.futureWorkload} as fw,
        ${users.workloadForecastDate} as fd, ${users.onLeave} as on_leave, ${offices.name} as office, ${skillColumns}
      from ${users}
      ${skillJoin}
      left join ${offices} on ${offices.id} = ${users.officeId}
      where ${membership(ctx.companyId, filter)} and ${listedPeople(ctx.companyId)}
        and ${users.admin} = 0 and ${users.administratorPriviliges} = 0 and ${users.companyAdmin} = 0
        ${minLevel}
    ),
    scored as materialized (
      select cand.*, (
        select group_concat(flag, '') from (
          select case
            when cand.on_leave = 1 then 'a'
            when exists (select 1 from ${vacations} v where v.user_id = cand.id and v.start_date <= days.d and v.end_date >= days.d and v.company_id = ${ctx.companyId}) then 'a'
            else coalesce(
              (select case f.status when 'away' then 'a' when '0' then '0' when '1' then '1' when '2' then '2' else '3' end
                 from ${forecasts} f where f.user_id = cand.id and f.start_date <= days.d and f.end_date >= days.d and f.company_id = ${ctx.companyId}
                 order by f.start_date desc limit 1),
              case (case when cand.fw is not null and cand.fd is not null and days.d >= cand.fd then cand.fw else cand.cw end)
                when 0 then '0' when 1 then '1' when 2 then '2' when 3 then '3' else 'n' end)
          end as flag
          from days order by days.i)
      ) as pattern
      from cand
    )
    select id, name, email, title, picture, office, lvl, lvl_name, pattern,
      length(pattern) - length(replace(replace(pattern, '0', ''), '1', '')) as free, count(*) over () as total
    from scored
    where length(pattern) - length(replace(replace(pattern, '0', ''), '1', '')) > 0
    order by free desc, lvl is null, lvl desc, name collate nocase, id
    limit ${input.limit}`;
}

interface Row {
  id: string;
  name: string;
  email: string;
  title: string | null;
  picture: string | null;
  office: string | null;
  lvl: number | null;
  lvl_name: string | null;
  pattern: string | null;
  free: number;
  total: number;
}

/** POST /users/staffing and the overview's 'Find people'. */
export async function searchStaffing(ctx: DomainContext, input: StaffingSearchInput): Promise<StaffingResult> {
  if (input.competenceId && ctx.actor.company.settings.disableCompetences) throw new ForbiddenError("Competences are turned off for this company.");
  const days = workingDays(input.startDate, input.endDate);
  if (days.length === 0) throw new ValidationError(STAFFING_ENTITY, { endDate: "Pick at least one working day (Monday to Friday)." });
  let competence: { _id: string; name: string } | null = null;
  if (input.competenceId) {
    const [row] = await ctx.db.all<{ id: string; name: string }>(
      sql`select ${competences.id} as id, ${competences.name} as name from ${competences} where ${competences.id} = ${input.competenceId} and ${competences.companyId} = ${ctx.companyId}`,
    );
    if (!row) throw new ValidationError(STAFFING_ENTITY, { competenceId: "That competence does not exist." });
    competence = { _id: row.id, name: row.name };
  }
  const rows = await ctx.db.all<Row>(staffingStatement(ctx, input, days));
  return {
    days: days.map(dayKey),
    competence,
    total: rows[0]?.total ?? 0,
    users: rows.map((row) => {
      const pattern = [...(row.pattern ?? "")];
      const flags = pattern.map((flag) => FLAG[flag] ?? "busy");
      const away = flags.filter((f) => f === "away").length;
      const why = [`Free ${row.free} of ${days.length} working day${days.length === 1 ? "" : "s"} (${FREE_LEVELS})`];
      if (away) why.push(`Away ${away} day${away === 1 ? "" : "s"}`);
      if (competence) why.push(row.lvl === null ? `${competence.name}, no level set` : `${competence.name}: ${row.lvl_name} (level ${row.lvl})`);
      if (row.office) why.push(`Office: ${row.office}`);
      return {
        _id: row.id,
        name: row.name || row.email,
        title: row.title,
        profilePicture: row.picture,
        office: row.office,
        freeDays: Number(row.free),
        days: flags,
        levels: pattern.map((flag) => LEVEL[flag] ?? null),
        skill: competence ? { name: competence.name, level: row.lvl, levelName: row.lvl_name } : null,
        why,
      };
    }),
  };
}
