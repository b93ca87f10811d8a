import type { EntraConfig } from "./config";
import { graphJson } from "./graph.server";

/**
 * A person's Outlook calendar through Microsoft Graph, app-only (application permissions
 * Calendars.ReadBasic and MailboxSettings.Read; decision 0304): the calendarView delta query
 * over a window (paged with @odata.nextLink, the round closed by @odata.deltaLink, deletions
 * and events that left the window as @removed) and the automatic-replies setting. Times are
 * asked for in UTC (Prefer: outlook.timezone), so no Windows zone names reach us.
 */
export interface GraphDateTime {
  dateTime: string;
  timeZone: string;
}

export interface CalendarEvent {
  id: string;
  showAs?: string | null;
  isAllDay?: boolean | null;
  isCancelled?: boolean | null;
  start?: GraphDateTime | null;
  end?: GraphDateTime | null;
  "@removed"?: { reason: string };
}

export interface CalendarDeltaPage {
  events: CalendarEvent[];
  nextLink: string | null;
  deltaLink: string | null;
}

export interface AutomaticReplies {
  status: "disabled" | "alwaysEnabled" | "scheduled";
  scheduledStartDateTime?: GraphDateTime | null;
  scheduledEndDateTime?: GraphDateTime | null;
}

const PREFER_UTC = 'outlook.timezone="UTC"';

/** The first link of a round: every event of [start, end), then only changes from its deltaLink on. */
export function initialCalendarLink(config: EntraConfig, directoryUserId: string, start: Date, end: Date): string {
  const url = new URL(`${config.graph}/v1.0/users/${encodeURIComponent(directoryUserId)}/calendarView/delta`);
  url.searchParams.set("startDateTime", start.toISOString());
  url.searchParams.set("endDateTime", end.toISOString());
  return url.toString();
}

export async function fetchCalendarDeltaPage(config: EntraConfig, tenantId: string, link: string, pageSize: number): Promise<CalendarDeltaPage> {
  const answer = await graphJson<{ value: CalendarEvent[]; "@odata.nextLink"?: string; "@odata.deltaLink"?: string }>(config, tenantId, link, {
    Prefer: `odata.maxpagesize=${pageSize}, ${PREFER_UTC}`,
  });
  return { events: answer.value, nextLink: answer["@odata.nextLink"] ?? null, deltaLink: answer["@odata.deltaLink"] ?? null };
}

export async function fetchAutomaticReplies(config: EntraConfig, tenantId: string, directoryUserId: string): Promise<AutomaticReplies> {
  return graphJson<AutomaticReplies>(
    config,
    tenantId,
    `${config.graph}/v1.0/users/${encodeURIComponent(directoryUserId)}/mailboxSettings/automaticRepliesSetting`,
    { Prefer: PREFER_UTC },
  );
}
