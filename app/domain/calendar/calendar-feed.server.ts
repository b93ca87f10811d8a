import { and, asc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { derivedSecret } from "~/auth/secrets.server";
import type { Db } from "~/db/client";
import { calendarFeeds, companies, forecasts, offices, users, vacations } from "~/db/schema";
import type { Env } from "~/env";
import { buildCalendar, type AllDayEvent } from "~/lib/ical";
import { newId } from "~/lib/ids";
import { nextWorkingDays } from "~/lib/dates";
import { readCompanySettings } from "../company/settings.schema";
import type { DomainContext } from "../context";
import { workplaceDayLabel } from "../workplace/labels";
import { workplaceWeeks } from "../workplace/workplace-week.server";
import { WORKLOAD_LABELS } from "../workload/levels";

/**
 * A person's secret calendar feed (decision 0177): their forecasts, leave and the rolling
 * week's work locations as iCalendar, at /calendar/{feedId}/{signature}.ics. The signature is
 * an HMAC of the feed id under a key derived from SESSION_SECRET; 'New secret' replaces the row,
 * so the old address answers 404 from then on.
 */
export const FEED_PAST_DAYS = 90;
const MAX_EVENTS = 2000;

async function feedKey(env: Env): Promise<CryptoKey> {
  const secret = await derivedSecret(env, "calendar-feed-links-v1");
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function signFeed(env: Env, feedId: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await feedKey(env), new TextEncoder().encode(`calendar:${feedId}`));
  return btoa(String.fromCharCode(...new Uint8Array(mac)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replaceAll("=", "");
}

function sameSecret(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

async function feedUrl(env: Env, appUrl: string, feedId: string) {
  return `${appUrl}/calendar/${feedId}/${await signFeed(env, feedId)}.ics`;
}

/** The caller's feed address, or null before they made one. */
export async function ownFeedUrl(ctx: DomainContext, env: Env, appUrl: string): Promise<string | null> {
  const [feed] = await ctx.db
    .select({ id: calendarFeeds.id })
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, ctx.actor.user.id), eq(calendarFeeds.companyId, ctx.companyId)))
    .limit(1);
  return feed ? feedUrl(env, appUrl, feed.id) : null;
}

/** A new secret address; any earlier one stops working. */
export async function renewOwnFeed(ctx: DomainContext, env: Env, appUrl: string) {
  const id = newId();
  const mine = and(eq(calendarFeeds.userId, ctx.actor.user.id), eq(calendarFeeds.companyId, ctx.companyId));
  await ctx.db.batch([
    ctx.db.delete(calendarFeeds).where(mine),
    ctx.db.insert(calendarFeeds).values({ id, companyId: ctx.companyId, userId: ctx.actor.user.id, createdAt: ctx.now }),
  ]);
  return { message: "Calendar address ready", url: await feedUrl(env, appUrl, id) };
}

const secondary = alias(offices, "secondary_office");

/** The feed's iCalendar text, or null when the address is not (or no longer) valid. */
export async function renderFeed(context: { db: Db; env: Env }, feedId: string, signature: string, now = new Date()): Promise<string | null> {
  const { db, env } = context;
  if (!/^[0-9a-f]{24}$/.test(feedId) || signature.length > 100 || !sameSecret(signature, await signFeed(env, feedId))) return null;
  const [owner] = await db
    .select({
      userId: users.id,
      companyId: users.companyId,
      name: users.name,
      email: users.email,
      settings: companies.settings,
      office: offices.name,
      secondaryOffice: secondary.name,
    })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.companyId, calendarFeeds.companyId)))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(secondary, eq(secondary.id, users.secondaryOfficeId))
    .where(eq(calendarFeeds.id, feedId))
    .limit(1);
  if (!owner) return null;
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - FEED_PAST_DAYS * 86_400_000);
  const mine = <T extends typeof forecasts | typeof vacations>(table: T) =>
    and(eq(table.userId, owner.userId), eq(table.companyId, owner.companyId), gte(table.endDate, from));
  const [forecastRows, vacationRows] = await db.batch([
    db.select().from(forecasts).where(mine(forecasts)).orderBy(asc(forecasts.startDate)).limit(MAX_EVENTS),
    db.select().from(vacations).where(mine(vacations)).orderBy(asc(vacations.startDate)).limit(MAX_EVENTS),
  ]);
  const events: AllDayEvent[] = [
    ...forecastRows.map((f) => ({
      uid: `forecast-${f.id}@availability`,
      start: f.startDate,
      end: f.endDate,
      summary: f.status === "away" ? "Away" : `Workload: ${WORKLOAD_LABELS[f.status]}`,
      description: f.comment,
      stamp: f.updatedAt,
      busy: f.status === "away",
      categories: f.status === "away" ? "Away" : "Workload forecast",
    })),
    ...vacationRows.map((v) => ({
      uid: `leave-${v.id}@availability`,
      start: v.startDate,
      end: v.endDate,
      summary: "On leave",
      stamp: v.createdAt,
      busy: true,
      categories: "Leave",
    })),
  ];
  const week = (await workplaceWeeks(db, owner.companyId, [owner.userId], today)).get(owner.userId)!;
  const settings = readCompanySettings(owner.settings);
  nextWorkingDays(today, 5).forEach((date, i) => {
    const option = week.workplaceForecast[i];
    if (option === null || option === undefined) return;
    events.push({
      uid: `location-${owner.userId}-${date.toISOString().slice(0, 10)}@availability`,
      start: date,
      end: date,
      summary: `Working from: ${workplaceDayLabel(option as 0 | 1 | 2 | 3, { office: owner.office, secondaryOffice: owner.secondaryOffice }, settings.elsewhereLabel)}`,
      stamp: now,
      busy: false,
      categories: "Work location",
    });
  });
  return buildCalendar({
    name: `${owner.name || owner.email}: availability`,
    description: "Forecasts, leave and work locations from Availability",
    events,
  });
}
