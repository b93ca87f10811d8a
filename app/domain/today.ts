import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Actor } from "~/auth/actor.types";
import { isWeekend, parseDayKey } from "~/lib/dates";
import { localDay, localTime, timeZoneChoices } from "~/lib/time-zones";
import type { CompanySettings } from "./company/settings.schema";

/**
 * The one entry point for "today" (issue 16, decision 0093). A person's today is the
 * calendar day in their office's time zone (the secondary office does not change it); a
 * person without an office zone, such as a company admin with no office, has the company's.
 * Domain code reads `ctx.today`, which this computes for the actor; no domain module takes
 * the UTC day of the clock itself (tests/workerd/time-zones.test.ts scans for it).
 */
export function timeZoneFor(person: Pick<Actor, "officeTimeZone" | "company">): string {
  return person.officeTimeZone ?? person.company.settings.timeZone;
}

/** A firm's today, for its jobs that belong to no one person (the statistics rollups). */
export function companyToday(settings: Pick<CompanySettings, "timeZone">, now: Date): Date {
  return localDay(now, settings.timeZone);
}

/** The today of a person a job acts for, when their zone is all it knows (the Outlook sync, decision 0304). */
export function todayInZone(zone: string, now: Date): Date {
  return localDay(now, zone);
}

/** The installation's today (UTC), for the operator's reports over every firm, which have no one zone. */
export function installationToday(now: Date): Date {
  return localDay(now, "UTC");
}

/** The person's today, as the UTC midnight that stores that day. */
export function todayFor(person: Pick<Actor, "officeTimeZone" | "company">, now: Date): Date {
  return localDay(now, timeZoneFor(person));
}

/**
 * Another person's today (issue 16): the day in their office's zone, or the company's when
 * their office has none. The session lookup read the company's office zones with the actor,
 * so this needs no round trip.
 */
export function todayOfOffice(actor: Pick<Actor, "company" | "officeZones">, officeId: string | null | undefined, now: Date): Date {
  const zone = (officeId && actor.officeZones?.[officeId]) || actor.company.settings.timeZone;
  return localDay(now, zone);
}

/**
 * The same in SQL, for a statement over many people: `officeId` is the column (or
 * expression) of each row's office. The company's offices fall into at most a few days at
 * any instant, so this is a short CASE over json lists of offices, whatever their number.
 */
export function personTodaySql(actor: Pick<Actor, "company" | "officeZones">, officeId: SQLWrapper, now: Date): SQL<number> {
  const companyDay = localDay(now, actor.company.settings.timeZone).getTime();
  const others = new Map<number, string[]>();
  for (const [office, zone] of Object.entries(actor.officeZones ?? {})) {
    const day = localDay(now, zone).getTime();
    if (day !== companyDay) others.set(day, [...(others.get(day) ?? []), office]);
  }
  if (others.size === 0) return sql<number>`${companyDay}`;
  const branches = [...others].map(([day, ids]) => sql`when ${officeId} in (select value from json_each(${JSON.stringify(ids)})) then ${day}`);
  return sql<number>`(case ${sql.join(branches, sql` `)} else ${companyDay} end)`;
}

/** Every day that is today for someone in the actor's company (one, or a few across zones). */
export function companyTodays(actor: Pick<Actor, "company" | "officeZones">, now: Date): Date[] {
  const days = new Map<number, Date>();
  for (const zone of [actor.company.settings.timeZone, ...Object.values(actor.officeZones ?? {})]) {
    const day = localDay(now, zone);
    days.set(day.getTime(), day);
  }
  return [...days.values()].sort((a, b) => a.getTime() - b.getTime());
}

/**
 * The reminder job's zones (decision 0170): those in which `now` is between `hour`:00 and
 * `hour`:59 on a working day (Monday to Friday), from the runtime's list of zones.
 */
export function zonesAtLocalHour(now: Date, hour: number): string[] {
  return timeZoneChoices().filter((zone) => {
    const local = localTime(now, zone);
    return local.hour === hour && !isWeekend(parseDayKey(local.day));
  });
}
