import { eq, sql } from "drizzle-orm";
import { compiledSelect } from "~/db/compiled-select";
import { sessionPlaceholders } from "~/db/session-placeholders";
import type { BatchResponse } from "drizzle-orm/batch";
import type { SessionScope } from "~/auth/session.server";
import type { Db } from "~/db/client";
import { canEditOwnWeek, canOpenPlanner, canSeeTeamOverviews, isAdmin } from "~/auth/permissions";
import { profilePictureUrl } from "~/lib/profile-picture";
import { companies } from "~/db/schema";
import { addDays, dayKey, nextWorkingDays } from "~/lib/dates";
import { fillCustomHtml } from "../company/custom-html";
import type { DomainContext } from "../context";
import { cardCommentLimit, forecastCommentLimit } from "../forecasts/forecast.schema";
import {
  forecastsSinceQuery,
  toApiForecast,
  toApiVacation,
  userForecastsQuery,
  userVacationsQuery,
  vacationsSinceQuery,
} from "../forecasts/forecasts.server";
import { teamLabel, toApiMe } from "../users/profile.server";
import { ownPlansQuery, weeksFromPlans, workplacePlansQuery } from "../workplace/workplace-week.server";
import { generalCommentLimit, statusMessageLimit } from "../workload/workload.schema";
import { workplaceChoices } from "../workplace/workplace.schema";

/**
 * What the dashboard reads beside the session, riding in its batch (rideSession): the
 * person's plans, forecasts and absences that have not ended, and the custom HTML. Their
 * today is not known yet, so the dated reads start two days back; getDashboard keeps from
 * their today on.
 */
export function dashboardRider(db: Db, scope: SessionScope) {
  const values = { sessionId: scope.sessionId, since: addDays(scope.now, -2).getTime() };
  return [
    ownPlansQuery(db, scope),
    riderForecasts(db, values),
    riderVacations(db, values),
    riderCustomHtml(db, { sessionId: scope.sessionId }),
  ] as const;
}

// The rider's statements, their SQL built once per isolate (compiledSelect, decision 0310):
// the session and the day the window starts are their placeholders.
const riderForecasts = compiledSelect((db: Db) =>
  forecastsSinceQuery(db, sessionPlaceholders.companyId, sessionPlaceholders.userId, sql.placeholder("since")),
);
const riderVacations = compiledSelect((db: Db) =>
  vacationsSinceQuery(db, sessionPlaceholders.companyId, sessionPlaceholders.userId, sql.placeholder("since")),
);
const riderCustomHtml = compiledSelect((db: Db) =>
  db.select({ customHtml: companies.customHtml }).from(companies).where(eq(companies.id, sessionPlaceholders.companyId)).limit(1),
);

/** Everything the dashboard shows the signed-in person; `ridden`: the rows of dashboardRider, else read here. */
export async function getDashboard(ctx: DomainContext, ridden?: BatchResponse<ReturnType<typeof dashboardRider>>) {
  const settings = ctx.actor.company.settings;
  const userId = ctx.actor.user.id;
  const [plans, forecastRows, vacationRows, [company]] =
    ridden ??
    (await ctx.db.batch([
      workplacePlansQuery(ctx.db, ctx.companyId, [userId], ctx.today),
      userForecastsQuery(ctx, userId),
      userVacationsQuery(ctx, userId),
      ctx.db.select({ customHtml: companies.customHtml }).from(companies).where(eq(companies.id, ctx.companyId)).limit(1),
    ]));
  const me = toApiMe(ctx, weeksFromPlans(plans, [userId], ctx.today).get(userId)!);
  const forecasts = forecastRows.map(toApiForecast);
  const vacations = vacationRows.map(toApiVacation);
  const today = ctx.today;
  const picture = profilePictureUrl(me.profilePicture);
  const customHtml =
    settings.enableCustomHtml && company?.customHtml
      ? fillCustomHtml(company.customHtml, { id: me._id, name: me.name, email: me.email, photoUrl: picture })
      : null;
  const admin = isAdmin(me);
  return {
    today: today.toISOString(),
    me: {
      _id: me._id,
      name: me.name || me.email,
      email: me.email,
      title: me.title,
      team: teamLabel(me),
      picture,
      currentWorkload: me.currentWorkload,
      futureWorkload: me.futureWorkload,
      workloadForecastDate: me.workloadForecastDate,
      message: me.message.message,
      onLeave: me.onLeave,
      workplaceForecast: me.workplaceForecast,
      workplaceDefault: me.workplaceDefault,
      lastUpdated: me.lastUpdated,
    },
    /** Away today: on leave, or a vacation covering today. */
    away: me.onLeave || vacations.some((v) => Date.parse(v.startDate) <= today.getTime() && Date.parse(v.endDate) >= today.getTime()),
    forecasts: forecasts.filter((f) => Date.parse(f.endDate) >= today.getTime()),
    vacations: vacations.filter((v) => Date.parse(v.endDate) >= today.getTime()),
    customHtml,
    features: {
      newForecasting: settings.enableNewForecasting,
      message: !settings.disableMessage,
      workplace: !settings.disableWFH,
      absencePlanner: !settings.disableAbsencePlanner,
      defaultWeekToggle: settings.showDefaultWeekToggle,
    },
    limits: {
      statusMessage: statusMessageLimit(settings),
      generalComment: generalCommentLimit(me.message.message),
      forecastComment: forecastCommentLimit(settings),
      cardComment: cardCommentLimit(settings),
    },
    permissions: {
      editing: !admin,
      overviews: canSeeTeamOverviews(me),
      planner: canOpenPlanner(me, settings),
      ownWeek: canEditOwnWeek(me),
    },
    week: {
      rolling: nextWorkingDays(ctx.today, 5).map((d) => dayKey(d)),
      choices: workplaceChoices(settings, { first: me.office?.name, second: me.secondaryOffice?.name }, false),
      defaultChoices: workplaceChoices(settings, { first: me.office?.name, second: me.secondaryOffice?.name }, true),
    },
    horizon: dayKey(addDays(today, 365)),
  };
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
