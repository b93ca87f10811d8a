import type { Actor } from "~/auth/session.server";
import { localDay } from "~/lib/time-zones";
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

/** The installation's today (UTC), for the operator's reports over every firm, which have no one zone. */
export function installationToday(now: Date): Date {
  return localDay(now, "UTC");
}

/** The person's today, as the UTC midnight that stores that day. */
export function todayFor(person: Pick<Actor, "officeTimeZone" | "company">, now: Date): Date {
  return localDay(now, timeZoneFor(person));
}
