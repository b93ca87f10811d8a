import { and, asc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { derivedSecret } from "~/auth/secrets.server";
import type { Db } from "~/db/client";
import { isAdmin } from "~/auth/permissions";
import type { Actor } from "~/auth/actor.types";
import { calendarFeeds, companies, forecasts, groups, offices, users, vacations } from "~/db/schema";
import { inJsonList } from "~/db/json-list";
import type { Env } from "~/env";
import { buildCalendar, type AllDayEvent } from "~/lib/ical";
import { newId } from "~/lib/ids";
import { z } from "zod";
import { dayKey, nextWorkingDays } from "~/lib/dates";
import { readCompanySettings } from "../company/settings.schema";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { requireTeamChoice } from "../validation";
import { filterScope, listedPeople, narrowSelection } from "../users/filter.server";
import { workplaceDayLabel } from "../workplace/labels";
import { workplaceWeeks } from "../workplace/workplace-week.server";
import { recipientLanguage, translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";

type Say = (key: MessageKey, values?: MessageValues) => string;

/** A feed's words: its owner's language, else their firm's (a calendar app asks for none). */
function feedWords(chosen: string | null | undefined, firmDefault: string | null | undefined): Say {
  const language = recipientLanguage(chosen, firmDefault);
  return (key, values) => translate(language, key, values);
}

const WORKLOAD_KEYS = ["workload.level0", "workload.level1", "workload.level2", "workload.level3"] as const;
const workloadWord = (t: Say, level: string) => t(WORKLOAD_KEYS[Number(level)] ?? "workload.level0");
const workplaceWords = (t: Say) => ({
  office: t("workplace.office"),
  home: t("workplace.home"),
  away: t("workload.away"),
  notSet: t("workplace.notSet"),
});
import { sameSecret, toBase64Url } from "~/lib/base64url";
import { carry } from "~/domain/installation/pre-sign-in.server";

/**
 * A person's secret calendar feed (decision 0177): their forecasts, leave and the rolling
 * week's work locations as iCalendar, at /calendar/{companyId}.{feedId}/{signature}.ics. The signature is
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
  return toBase64Url(mac);
}

/** The address names the firm in front of the feed (decision 0313), so it finds its shard before anyone signs in. */
async function feedUrl(env: Env, appUrl: string, companyId: string, feedId: string) {
  return `${appUrl}/calendar/${carry(companyId, feedId)}/${await signFeed(env, feedId)}.ics`;
}

const feedsOf = (ctx: DomainContext, kind: "person" | "team") =>
  and(eq(calendarFeeds.userId, ctx.actor.user.id), eq(calendarFeeds.companyId, ctx.companyId), eq(calendarFeeds.kind, kind));

/** The caller's feed address, or null before they made one. */
export async function ownFeedUrl(ctx: DomainContext, env: Env, appUrl: string): Promise<string | null> {
  const [feed] = await ctx.db.select({ id: calendarFeeds.id }).from(calendarFeeds).where(feedsOf(ctx, "person")).limit(1);
  return feed ? feedUrl(env, appUrl, ctx.companyId, feed.id) : null;
}

/** A new secret address; any earlier one stops working. */
export async function renewOwnFeed(ctx: DomainContext, env: Env, appUrl: string) {
  const id = newId();
  const mine = feedsOf(ctx, "person");
  await ctx.db.batch([
    ctx.db.delete(calendarFeeds).where(mine),
    ctx.db.insert(calendarFeeds).values({ id, companyId: ctx.companyId, userId: ctx.actor.user.id, createdAt: ctx.now }),
  ]);
  return { message: "Calendar address ready", url: await feedUrl(env, appUrl, ctx.companyId, id) };
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
      kind: calendarFeeds.kind,
      feedOfficeIds: calendarFeeds.officeIds,
      feedGroupIds: calendarFeeds.groupIds,
      user: users,
      company: companies,
    })
    .from(calendarFeeds)
    .innerJoin(users, and(eq(users.id, calendarFeeds.userId), eq(users.companyId, calendarFeeds.companyId)))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(offices, eq(offices.id, users.officeId))
    .leftJoin(secondary, eq(secondary.id, users.secondaryOfficeId))
    .where(eq(calendarFeeds.id, feedId))
    .limit(1);
  if (!owner) return null;
  if (owner.kind === "team") {
    const actor: Actor = {
      user: owner.user,
      company: {
        id: owner.company.id,
        name: owner.company.name,
        allowGroupSelection: owner.company.allowGroupSelection,
        settings: readCompanySettings(owner.company.settings),
      },
      sessionId: "",
    };
    return renderTeamFeed(db, actor, { officeIds: parseIds(owner.feedOfficeIds), groupIds: parseIds(owner.feedGroupIds) }, now);
  }
  const t = feedWords(owner.user.language, readCompanySettings(owner.company.settings).language);
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
      summary: f.status === "away" ? t("workload.away") : t("feed.workload", { level: workloadWord(t, f.status) }),
      description: f.comment,
      stamp: f.updatedAt,
      busy: f.status === "away",
      categories: f.status === "away" ? t("workload.away") : t("feed.category.forecast"),
    })),
    ...vacationRows.map((v) => ({
      uid: `leave-${v.id}@availability`,
      start: v.startDate,
      end: v.endDate,
      summary: t("feed.onLeave"),
      stamp: v.createdAt,
      busy: true,
      categories: t("feed.category.leave"),
    })),
  ];
  const week = (await workplaceWeeks({ db, companyId: owner.companyId }, [owner.userId], today)).get(owner.userId)!;
  const settings = readCompanySettings(owner.settings);
  nextWorkingDays(today, 5).forEach((date, i) => {
    const option = week.workplaceForecast[i];
    if (option === null || option === undefined) return;
    events.push({
      uid: `location-${owner.userId}-${dayKey(date)}@availability`,
      start: date,
      end: date,
      summary: t("feed.workingFrom", {
        place: workplaceDayLabel(
          option as 0 | 1 | 2 | 3,
          { office: owner.office, secondaryOffice: owner.secondaryOffice },
          settings.elsewhereLabel,
          workplaceWords(t),
        ),
      }),
      stamp: now,
      busy: false,
      categories: t("feed.category.location"),
    });
  });
  return buildCalendar({
    name: t("feed.name", { name: owner.name || owner.email }),
    description: t("feed.description"),
    events,
  });
}

// Team feeds (decision 0198) ----------------------------------------------------------------

/** A team feed reaches this far back, and holds at most this many events. */
export const TEAM_FEED_PAST_DAYS = 30;
export const TEAM_FEED_MAX_EVENTS = 5000;

export const teamFeedSchema = z.object({
  offices: z.array(z.string().max(40)).max(500).default([]),
  groups: z.array(z.string().max(40)).max(500).default([]),
});
export type TeamFeedInput = z.output<typeof teamFeedSchema>;

function parseIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/**
 * The offices and groups of a team feed that the actor may pick now: the statistics filter's
 * rule (decision 0121), ids of the company only. A feed whose owner lost a team keeps the rest.
 */
async function allowedSelection(db: Db, actor: Actor, wanted: { officeIds: string[]; groupIds: string[] }) {
  const scope = filterScope(actor);
  const officeWanted = narrowSelection(wanted.officeIds, scope.allOffices, scope.officeIds) as string[];
  const groupWanted = narrowSelection(wanted.groupIds, scope.allGroups, scope.groupIds) as string[];
  const [officeRows, groupRows] = await db.batch([
    db
      .select({ id: offices.id })
      .from(offices)
      .where(and(eq(offices.companyId, actor.company.id), inJsonList(offices.id, officeWanted))),
    db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, actor.company.id), inJsonList(groups.id, groupWanted))),
  ]);
  return { officeIds: officeRows.map((o) => o.id), groupIds: groupRows.map((g) => g.id) };
}

/** The caller's team feed (administrators), or null before they made one. */
export async function ownTeamFeed(ctx: DomainContext, env: Env, appUrl: string) {
  if (!isAdmin(ctx.actor.user)) return null;
  const [feed] = await ctx.db.select().from(calendarFeeds).where(feedsOf(ctx, "team")).limit(1);
  if (!feed) return null;
  return { url: await feedUrl(env, appUrl, ctx.companyId, feed.id), officeIds: parseIds(feed.officeIds), groupIds: parseIds(feed.groupIds) };
}

/** A new secret team address for these offices and groups; any earlier team address stops working. */
export async function renewTeamFeed(ctx: DomainContext, env: Env, appUrl: string, input: TeamFeedInput) {
  if (!isAdmin(ctx.actor.user)) throw new ForbiddenError("Only administrators can make a team calendar address.");
  const chosen = await allowedSelection(ctx.db, ctx.actor, { officeIds: input.offices, groupIds: input.groups });
  requireTeamChoice("TeamCalendarFeed", chosen);
  const id = newId();
  await ctx.db.batch([
    ctx.db.delete(calendarFeeds).where(feedsOf(ctx, "team")),
    ctx.db.insert(calendarFeeds).values({
      id,
      companyId: ctx.companyId,
      userId: ctx.actor.user.id,
      kind: "team",
      officeIds: JSON.stringify(chosen.officeIds),
      groupIds: JSON.stringify(chosen.groupIds),
      createdAt: ctx.now,
    }),
  ]);
  return { message: "Team calendar address ready", url: await feedUrl(env, appUrl, ctx.companyId, id) };
}

/**
 * A team feed: the forecasts and leave of the people the owner sees in the overview for the
 * feed's offices and groups (completed, not deactivated, not administrators, primary team in
 * the selection), each event named after its person. The owner must still be an administrator
 * of the company; otherwise the address answers 404 like a revoked one.
 */
async function renderTeamFeed(db: Db, actor: Actor, wanted: { officeIds: string[]; groupIds: string[] }, now: Date): Promise<string | null> {
  if (!isAdmin(actor.user) || !actor.user.completed || actor.user.deactivatedAt) return null;
  const t = feedWords(actor.user.language, actor.company.settings.language);
  const { officeIds, groupIds } = await allowedSelection(db, actor, wanted);
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - TEAM_FEED_PAST_DAYS * 86_400_000);
  const people = (
    await db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        admin: users.admin,
        administratorPriviliges: users.administratorPriviliges,
        companyAdmin: users.companyAdmin,
      })
      .from(users)
      .where(and(listedPeople(actor.company.id), inJsonList(users.officeId, officeIds), inJsonList(users.groupId, groupIds)))
  ).filter((p) => !isAdmin(p));
  const names = new Map(people.map((p) => [p.id, p.name || p.email]));
  const ids = [...names.keys()];
  const theirs = <T extends typeof forecasts | typeof vacations>(table: T) =>
    and(eq(table.companyId, actor.company.id), inJsonList(table.userId, ids), gte(table.endDate, from));
  const [forecastRows, vacationRows] =
    ids.length === 0
      ? [[], []]
      : await db.batch([
          db.select().from(forecasts).where(theirs(forecasts)).orderBy(asc(forecasts.startDate)).limit(TEAM_FEED_MAX_EVENTS),
          db.select().from(vacations).where(theirs(vacations)).orderBy(asc(vacations.startDate)).limit(TEAM_FEED_MAX_EVENTS),
        ]);
  const events: AllDayEvent[] = [
    ...forecastRows.map((f) => ({
      uid: `team-forecast-${f.id}@availability`,
      start: f.startDate,
      end: f.endDate,
      summary: t("feed.personStatus", {
        name: names.get(f.userId) ?? "",
        status: f.status === "away" ? t("workload.away") : workloadWord(t, f.status),
      }),
      description: f.comment,
      stamp: f.updatedAt,
      busy: false,
      categories: f.status === "away" ? t("workload.away") : t("feed.category.forecast"),
    })),
    ...vacationRows.map((v) => ({
      uid: `team-leave-${v.id}@availability`,
      start: v.startDate,
      end: v.endDate,
      summary: t("feed.personOnLeave", { name: names.get(v.userId) ?? "" }),
      stamp: v.createdAt,
      busy: false,
      categories: t("feed.category.leave"),
    })),
  ]
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .slice(0, TEAM_FEED_MAX_EVENTS);
  const [officeNames, groupNames] = await db.batch([
    db.select({ name: offices.name }).from(offices).where(inJsonList(offices.id, officeIds)).orderBy(offices.name),
    db.select({ name: groups.name }).from(groups).where(inJsonList(groups.id, groupIds)).orderBy(groups.name),
  ]);
  return buildCalendar({
    name: t("feed.team.name", { company: actor.company.name }),
    description: t("feed.team.description", { offices: officeNames.map((o) => o.name).join(", "), groups: groupNames.map((g) => g.name).join(", ") }),
    events,
  });
}
