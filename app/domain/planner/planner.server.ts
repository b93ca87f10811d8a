import { and, asc, eq, gte, lte } from "drizzle-orm";
import { personColumns, roleColumns } from "~/domain/users/person-columns";
import { canEditAvailabilityOf, isAdmin } from "~/auth/permissions";
import { runBatch } from "~/db/batch";
import { users, vacations, workloadEntries } from "~/db/schema";
import { addDays, dayKey, startOfUtcDay } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { profilePictureUrl } from "~/lib/profile-picture";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { requirePlanner } from "../guards.server";
import { companyTodays, todayOfOffice } from "../today";
import { forecastCommentLimit, type ForecastStatusValue } from "../forecasts/forecast.schema";
import { listForecasts, toApiVacation } from "../forecasts/forecasts.server";
import { publishUserUpdate, requireCompanyUser, userStateStatements } from "../users/user-state.server";
import { setOnLeave } from "../workload/workload.server";
import type { PlannerData } from "./planner.types";
import { listedPeople } from "../users/filter.server";

export const MAX_PLANNER_DAYS = 62;

/**
 * The planner's data for [from, from + days): completed non-admin people (the viewer
 * first, then by name), the forecasts and vacations touching the window, and what the
 * viewer may do.
 */
export async function getPlanner(ctx: DomainContext, window: { from: Date; days: number }): Promise<PlannerData> {
  requirePlanner(ctx);
  const settings = ctx.actor.company.settings;
  const from = startOfUtcDay(window.from);
  const to = addDays(from, Math.min(Math.max(window.days, 1), MAX_PLANNER_DAYS) - 1);
  const today = ctx.today;
  // Each row's today is that person's (their office's zone); the reads cover every today in the company.
  const todays = companyTodays(ctx.actor, ctx.now);
  const first = todays[0] < today ? todays[0] : today;
  const last = todays.at(-1)! > today ? todays.at(-1)! : today;
  const [people, forecasts, leave] = await Promise.all([
    ctx.db
      .select({ ...personColumns, ...roleColumns, officeId: users.officeId })
      .from(users)
      .where(listedPeople(ctx.companyId))
      .orderBy(asc(users.name)),
    // Today is always included so the placeholder knows whether a forecast covers it.
    listForecasts(ctx, { from: first < from ? first : from, to: last > to ? last : to }),
    ctx.db
      .select({ id: vacations.id, userId: vacations.userId, startDate: vacations.startDate, endDate: vacations.endDate })
      .from(vacations)
      .where(
        and(
          eq(vacations.companyId, ctx.companyId),
          gte(vacations.endDate, first < from ? first : from),
          lte(vacations.startDate, last > to ? last : to),
        ),
      )
      .orderBy(asc(vacations.startDate)),
  ]);
  const rows = people.filter((p) => !isAdmin(p));
  rows.sort((a, b) => Number(b.id === ctx.actor.user.id) - Number(a.id === ctx.actor.user.id));
  const ids = new Set(rows.map((r) => r.id));
  const me = ctx.actor.user;
  return {
    today: today.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    viewer: { id: me.id, admin: me.admin, administratorPriviliges: me.administratorPriviliges, companyAdmin: me.companyAdmin },
    settings: { enableNewForecasting: settings.enableNewForecasting, absencePlannerviewOnly: settings.absencePlannerviewOnly },
    commentLimit: forecastCommentLimit(settings),
    people: rows.map((p) => ({
      _id: p.id,
      today: dayKey(todayOfOffice(ctx.actor, p.officeId, ctx.now)),
      name: p.name || p.email,
      title: p.title,
      picture: profilePictureUrl(p.profilePicture),
      currentWorkload: p.currentWorkload,
      onLeave: p.onLeave,
    })),
    forecasts: forecasts.filter((f) => ids.has(f.user)),
    vacations: leave.filter((v) => ids.has(v.userId)).map(toApiVacation),
  };
}

/**
 * Saving the virtual 'today' placeholder unchanged in shape (today only, no comment):
 * 'away' puts the person on leave, a level ends the leave and records a current workload.
 * Unlike POST /workload/current this may target someone else, under the planner's rule.
 */
export async function setTodayStatus(ctx: DomainContext, userId: string, status: ForecastStatusValue, source = "web_app") {
  const settings = ctx.actor.company.settings;
  await requireCompanyUser(ctx, userId);
  if (!canEditAvailabilityOf(ctx.actor.user, userId, settings)) throw new ForbiddenError("You cannot change this person's availability.");
  if (status === "away") return setOnLeave(ctx, userId, true, source);
  if (!settings.enableNewForecasting) throw new ForbiddenError("Only absences can be planned in this company.");
  const workscale = Number(status);
  await runBatch(ctx.db, [
    ctx.db.insert(workloadEntries).values({ id: newId(), companyId: ctx.companyId, userId, type: "current", workscale, source, createdAt: ctx.now }),
    ...userStateStatements(ctx, userId, { currentWorkload: workscale, onLeave: false }, source),
  ]);
  return publishUserUpdate(ctx, userId);
}
