import { and, asc, eq, gte, lte, ne, type Placeholder, type SQL } from "drizzle-orm";
import { audit } from "../audit.server";
import type { Db } from "~/db/client";
import { canEditAvailabilityOf, canEditForecast } from "~/auth/permissions";
import { runBatch } from "~/db/batch";
import { forecasts, vacations, type Forecast, type Vacation } from "~/db/schema";
import { addDays, daysBetween } from "~/lib/dates";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { todayOfOffice } from "../today";
import { ConflictError, ForbiddenError, ValidationError } from "../errors";
import { requireCompanyUser } from "../users/user-state.server";
import { cardCommentLimit, forecastCommentLimit, type ForecastUpsertInput } from "./forecast.schema";
import type { ApiForecast, ApiVacation } from "./forecast.types";
import { requireRow } from "../require-row.server";
import { requirePlanner } from "../guards.server";
import { usageEventStatement } from "../usage/usage.server";

/** Deleting a day the sync would bring back at once: it is removed in Outlook, or changed here to make it the person's. */
export const FROM_OUTLOOK = "This away period comes from Outlook: remove it in Outlook, or change it here to make it yours.";

/** A forecast written counts as a usage event of the person writing it. */
const forecastUsage = (ctx: DomainContext, input: { source?: string }) =>
  usageEventStatement(ctx.db, {
    companyId: ctx.companyId,
    userId: ctx.actor.user.id,
    event: "forecast",
    source: input.source ?? "web_app",
    at: ctx.now,
  });

export type { ApiForecast };

export function toApiForecast(f: Pick<Forecast, "id" | "userId" | "startDate" | "endDate" | "status" | "comment" | "externalSource">): ApiForecast {
  return {
    _id: f.id,
    user: f.userId,
    startDate: f.startDate.toISOString(),
    endDate: f.endDate.toISOString(),
    status: f.status,
    comment: f.comment,
    externalSource: f.externalSource,
  };
}

export function toApiVacation(v: Pick<Vacation, "id" | "userId" | "startDate" | "endDate">): ApiVacation {
  return { _id: v.id, user: v.userId, startDate: v.startDate.toISOString(), endDate: v.endDate.toISOString() };
}

/** The columns an ApiForecast is made from (see toApiForecast). */
export const forecastColumns = {
  id: forecasts.id,
  userId: forecasts.userId,
  startDate: forecasts.startDate,
  endDate: forecasts.endDate,
  status: forecasts.status,
  comment: forecasts.comment,
  externalSource: forecasts.externalSource,
};

/** The company's forecasts that touch [from, to]: by default the last 30 days and the next year. */
/** GET /forecast reads at most this many days at a time, so one call cannot read a company's whole history. */
export const MAX_FORECAST_RANGE_DAYS = 400;

export async function listForecasts(ctx: DomainContext, range?: { from?: Date; to?: Date }): Promise<ApiForecast[]> {
  // Everyone's forecasts are the planner's: whom the planner refuses, this refuses too.
  requirePlanner(ctx);
  const today = ctx.today;
  // One end given: the other follows it (the default window is 30 days back, a year ahead).
  const from = range?.from ?? (range?.to ? addDays(range.to, -396) : addDays(today, -30));
  const to = range?.to ?? addDays(from, 396);
  if (to.getTime() < from.getTime()) throw new ValidationError("InputErrors", { to: "The end date cannot be before the start date." });
  if (daysBetween(from, to) > MAX_FORECAST_RANGE_DAYS)
    throw new ValidationError("InputErrors", { to: `Ask for at most ${MAX_FORECAST_RANGE_DAYS} days at a time.` });
  const rows = await ctx.db
    .select(forecastColumns)
    .from(forecasts)
    .where(and(eq(forecasts.companyId, ctx.companyId), gte(forecasts.endDate, from), lte(forecasts.startDate, to)))
    .orderBy(asc(forecasts.startDate));
  return rows.map(toApiForecast);
}

/** A person's forecasts from 30 days back on (run alone or in a batch; map with toApiForecast). */
export function userForecastsQuery(ctx: DomainContext, userId: string) {
  return forecastsSinceQuery(ctx.db, ctx.companyId, userId, addDays(ctx.today, -30));
}

/** A person's forecasts that end on or after `since`; company and person by id or as the session's subqueries (SessionScope). */
export function forecastsSinceQuery(db: Db, companyId: string | SQL, userId: string | SQL, since: Date | Placeholder) {
  return db
    .select(forecastColumns)
    .from(forecasts)
    .where(and(eq(forecasts.companyId, companyId), eq(forecasts.userId, userId), gte(forecasts.endDate, since)))
    .orderBy(asc(forecasts.startDate));
}

/** A person's absences from 30 days back on (run alone or in a batch; map with toApiVacation). */
export function userVacationsQuery(ctx: DomainContext, userId: string) {
  return vacationsSinceQuery(ctx.db, ctx.companyId, userId, addDays(ctx.today, -30));
}

/** A person's absences that end on or after `since` (like forecastsSinceQuery; a placeholder is bound in milliseconds). */
export function vacationsSinceQuery(db: Db, companyId: string | SQL, userId: string | SQL, since: Date | Placeholder) {
  return db
    .select({ id: vacations.id, userId: vacations.userId, startDate: vacations.startDate, endDate: vacations.endDate })
    .from(vacations)
    .where(and(eq(vacations.companyId, companyId), eq(vacations.userId, userId), gte(vacations.endDate, since)))
    .orderBy(asc(vacations.startDate));
}

export async function listUserForecasts(ctx: DomainContext, userId: string): Promise<ApiForecast[]> {
  await requireCompanyUser(ctx, userId);
  return (await userForecastsQuery(ctx, userId)).map(toApiForecast);
}

export async function listUserVacations(ctx: DomainContext, userId: string) {
  return (await userVacationsQuery(ctx, userId)).map(toApiVacation);
}

function checkComment(ctx: DomainContext, comment: string | null) {
  const settings = ctx.actor.company.settings;
  const limit = Math.max(forecastCommentLimit(settings), cardCommentLimit(settings));
  if (comment && comment.length > limit) throw new ValidationError("ForecastInputErrors", { comment: `At most ${limit} characters.` });
}

/** Days inside an absence (an away forecast or a vacation) cannot take another forecast. */
async function checkNoAbsenceOverlap(ctx: DomainContext, userId: string, start: Date, end: Date, ignoreId?: string) {
  const [[awayHit], [vacationHit]] = await ctx.db.batch([
    ctx.db
      .select({ id: forecasts.id })
      .from(forecasts)
      .where(
        and(
          eq(forecasts.companyId, ctx.companyId),
          eq(forecasts.userId, userId),
          eq(forecasts.status, "away"),
          lte(forecasts.startDate, end),
          gte(forecasts.endDate, start),
          ignoreId ? ne(forecasts.id, ignoreId) : undefined,
        ),
      )
      .limit(1),
    ctx.db
      .select({ id: vacations.id })
      .from(vacations)
      .where(and(eq(vacations.companyId, ctx.companyId), eq(vacations.userId, userId), lte(vacations.startDate, end), gte(vacations.endDate, start)))
      .limit(1),
  ]);
  if (awayHit || vacationHit) throw new ConflictError("These dates overlap an absence.");
}

/** `today`: the day of the person whose forecast it is (their office's zone); the actor's by default. */
function checkDates(ctx: DomainContext, input: ForecastUpsertInput, previous?: Forecast, today = ctx.today.getTime()) {
  const startMoved = !previous || previous.startDate.getTime() !== input.startDate.getTime();
  if (startMoved && input.startDate.getTime() < today)
    throw new ValidationError("ForecastInputErrors", { startDate: "Forecasts can start today at the earliest." });
  if (input.endDate.getTime() < today) throw new ValidationError("ForecastInputErrors", { endDate: "Forecasts must end today or later." });
}

function publishForecasts(ctx: DomainContext, userId: string) {
  ctx.publish(ctx.companyId, { type: "UPDATE_FORECASTS_FOR_USER", userId, sessionId: ctx.clientSessionId ?? null });
}

const auditForecast = (ctx: DomainContext, action: string, entityId: string, data: Record<string, unknown>) =>
  audit(ctx, action, "forecast", entityId, data);

export async function createForecast(ctx: DomainContext, userId: string, input: ForecastUpsertInput): Promise<ApiForecast> {
  const settings = ctx.actor.company.settings;
  const person = await requireCompanyUser(ctx, userId);
  if (!canEditAvailabilityOf(ctx.actor.user, userId, settings)) throw new ForbiddenError("You cannot add forecasts for this person.");
  if (!settings.enableNewForecasting && input.status !== "away") throw new ForbiddenError("Only absences can be planned in this company.");
  checkComment(ctx, input.comment);
  // "Starts today or later" is the person's today: a Sydney colleague's Monday may be the reader's Sunday.
  checkDates(ctx, input, undefined, todayOfOffice(ctx.actor, person.officeId, ctx.now).getTime());
  await checkNoAbsenceOverlap(ctx, userId, input.startDate, input.endDate);
  const row = {
    id: newId(),
    companyId: ctx.companyId,
    userId,
    startDate: input.startDate,
    endDate: input.endDate,
    status: input.status,
    comment: input.comment,
    externalSource: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await runBatch(ctx.db, [
    ctx.db.insert(forecasts).values(row),
    auditForecast(ctx, "forecast.create", row.id, { userId, status: input.status }),
    forecastUsage(ctx, input),
  ]);
  publishForecasts(ctx, userId);
  return toApiForecast(row);
}

const requireForecast = (ctx: DomainContext, userId: string, forecastId: string): Promise<Forecast> =>
  requireRow(ctx, forecasts, forecastId, "Forecast", eq(forecasts.userId, userId));

export async function updateForecast(ctx: DomainContext, userId: string, forecastId: string, input: ForecastUpsertInput): Promise<ApiForecast> {
  const settings = ctx.actor.company.settings;
  // The owner's office gives their today; one's own is the actor's, with no lookup.
  const [previous, owner] = await Promise.all([
    requireForecast(ctx, userId, forecastId),
    userId === ctx.actor.user.id ? null : requireCompanyUser(ctx, userId),
  ]);
  if (previous.externalSource && !previous.outlookEventId) throw new ForbiddenError("Forecasts from an external source cannot be changed.");
  if (!canEditForecast(ctx.actor.user, previous, settings) || !canEditForecast(ctx.actor.user, { ...previous, status: input.status }, settings)) {
    throw new ForbiddenError("You cannot change this forecast.");
  }
  checkComment(ctx, input.comment);
  checkDates(ctx, input, previous, owner ? todayOfOffice(ctx.actor, owner.officeId, ctx.now).getTime() : undefined);
  await checkNoAbsenceOverlap(ctx, userId, input.startDate, input.endDate, forecastId);
  // An away day from Outlook changed by hand becomes the person's: the sync leaves it alone from now on (decision 0304).
  const patch = {
    startDate: input.startDate,
    endDate: input.endDate,
    status: input.status,
    comment: input.comment,
    updatedAt: ctx.now,
    ...(previous.outlookEventId ? { externalSource: null, outlookEventId: null } : {}),
  };
  await runBatch(ctx.db, [
    ctx.db
      .update(forecasts)
      .set(patch)
      .where(and(eq(forecasts.id, forecastId), eq(forecasts.companyId, ctx.companyId))),
    auditForecast(ctx, "forecast.update", forecastId, { userId, status: input.status, ...(previous.outlookEventId ? { fromOutlook: true } : {}) }),
    forecastUsage(ctx, input),
  ]);
  publishForecasts(ctx, userId);
  return toApiForecast({ ...previous, ...patch });
}

export async function deleteForecast(ctx: DomainContext, userId: string, forecastId: string): Promise<void> {
  const previous = await requireForecast(ctx, userId, forecastId);
  if (previous.outlookEventId) throw new ForbiddenError(FROM_OUTLOOK);
  if (previous.externalSource) throw new ForbiddenError("Forecasts from an external source cannot be changed.");
  if (!canEditForecast(ctx.actor.user, previous, ctx.actor.company.settings)) throw new ForbiddenError("You cannot change this forecast.");
  await runBatch(ctx.db, [
    ctx.db.delete(forecasts).where(and(eq(forecasts.id, forecastId), eq(forecasts.companyId, ctx.companyId))),
    auditForecast(ctx, "forecast.delete", forecastId, { userId }),
  ]);
  publishForecasts(ctx, userId);
}

// Vacations count as away. Same permission rule as forecasts.

export async function createVacation(ctx: DomainContext, userId: string, input: { startDate: Date; endDate: Date }) {
  await requireCompanyUser(ctx, userId);
  if (!canEditAvailabilityOf(ctx.actor.user, userId, ctx.actor.company.settings))
    throw new ForbiddenError("You cannot add vacations for this person.");
  const row = { id: newId(), companyId: ctx.companyId, userId, startDate: input.startDate, endDate: input.endDate, createdAt: ctx.now };
  await ctx.db.insert(vacations).values(row);
  publishForecasts(ctx, userId);
  return toApiVacation(row);
}

async function requireVacation(ctx: DomainContext, userId: string, vacationId: string) {
  const row = await requireRow(ctx, vacations, vacationId, "Vacation", eq(vacations.userId, userId));
  if (!canEditAvailabilityOf(ctx.actor.user, userId, ctx.actor.company.settings)) throw new ForbiddenError("You cannot change this vacation.");
  return row;
}

export async function updateVacation(ctx: DomainContext, userId: string, vacationId: string, input: { startDate: Date; endDate: Date }) {
  const row = await requireVacation(ctx, userId, vacationId);
  await ctx.db
    .update(vacations)
    .set({ startDate: input.startDate, endDate: input.endDate })
    .where(and(eq(vacations.id, vacationId), eq(vacations.companyId, ctx.companyId)));
  publishForecasts(ctx, userId);
  return toApiVacation({ ...row, ...input });
}

export async function deleteVacation(ctx: DomainContext, userId: string, vacationId: string) {
  await requireVacation(ctx, userId, vacationId);
  await ctx.db.delete(vacations).where(and(eq(vacations.id, vacationId), eq(vacations.companyId, ctx.companyId)));
  publishForecasts(ctx, userId);
}
