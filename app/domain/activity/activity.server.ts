import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { isManager } from "~/auth/permissions";
import { auditLog, projects, users, type AuditClient } from "~/db/schema";
import { dayKey, parseDayKey, DAY_MS } from "~/lib/dates";
import { startOfLocalDay } from "~/lib/time-zones";
import { xlsxWorkbookStream, type XlsxCell } from "~/lib/xlsx-stream";
import type { DomainContext } from "../context";
import { ForbiddenError } from "../errors";
import { timeZoneFor } from "../today";
import { adminScopeWhere } from "../users/admin-users.server";
import type { ActivityFilter } from "./activity.schema";
import { ACTIVITY_KINDS, clientLabel, COMPANY_ONLY_ENTITY_TYPES, describeAction, detailsText, systemLabel, type Say } from "./activity-text";
import { translate } from "~/lib/i18n/catalogs.server";

/**
 * The Activity page (issue 31, item 3; decision 0301): the company's audit rows, newest
 * first, as words. Company admins read every row; an administrator reads what was done to
 * the people they administer and what those people did, never the company's own settings
 * and connections. Observers and employees read none.
 */

export const ACTIVITY_PAGE_SIZE = 50;
/** The workbook holds at most this many rows (the newest matching ones), read 500 at a time. */
export const ACTIVITY_EXPORT_MAX = 50_000;
const EXPORT_PAGE = 500;

export const ACTIVITY_FORBIDDEN = "Only company admins and administrators can read the activity.";

export function requireActivityReader(ctx: DomainContext): void {
  if (!isManager(ctx.actor.user)) throw new ForbiddenError(ACTIVITY_FORBIDDEN);
}

const actorPerson = alias(users, "activity_actor");
const subjectPerson = alias(users, "activity_subject");

/** The person a row is about: the user acted on, or the one its data names (a forecast's, a skill's, hours'). */
const subjectId = sql<
  string | null
>`(case when ${auditLog.entityType} = 'user' then ${auditLog.entityId} else coalesce(json_extract(${auditLog.data}, '$.userId'), json_extract(${auditLog.data}, '$.user')) end)`;
/** The project a row is about: the project itself, or the one its hours or invoice belong to. */
const projectId = sql<
  string | null
>`(case when ${auditLog.entityType} = 'project' then ${auditLog.entityId} when ${auditLog.entityType} in ('projectTimeReport', 'projectInvoice') then json_extract(${auditLog.data}, '$.project') end)`;

export interface ActivityRow {
  id: string;
  at: string;
  who: string;
  whoId: string | null;
  client: string;
  what: string;
  details: string;
}

function scopeWhere(ctx: DomainContext): SQL | undefined {
  if (ctx.actor.user.companyAdmin) return undefined;
  const people = ctx.db.select({ id: users.id }).from(users).where(adminScopeWhere(ctx));
  // A row about a person counts by that person, whoever acted (a colleague in the
  // administrator's team may have changed someone outside it); any other row by who acted.
  return and(
    notInArray(auditLog.entityType, [...COMPANY_ONLY_ENTITY_TYPES]),
    or(sql`${subjectId} in ${people}`, and(sql`${subjectId} is null`, inArray(auditLog.actorId, people))),
  );
}

function filterWhere(ctx: DomainContext, filter: ActivityFilter): SQL | undefined {
  const zone = timeZoneFor(ctx.actor);
  const conditions: (SQL | undefined)[] = [eq(auditLog.companyId, ctx.companyId), scopeWhere(ctx)];
  if (filter.person) conditions.push(or(eq(auditLog.actorId, filter.person), sql`${subjectId} = ${filter.person}`));
  if (filter.kind) conditions.push(inArray(auditLog.entityType, [...ACTIVITY_KINDS[filter.kind].entityTypes]));
  if (filter.from) conditions.push(gte(auditLog.createdAt, startOfLocalDay(filter.from, zone)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, startOfLocalDay(dayKey(new Date(parseDayKey(filter.to).getTime() + DAY_MS)), zone)));
  return and(...conditions);
}

function beforeWhere(before: string | undefined): SQL | undefined {
  if (!before) return undefined;
  const dot = before.indexOf(".");
  const at = new Date(Number(before.slice(0, dot)));
  const id = before.slice(dot + 1);
  return or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, id)));
}

function readRows(ctx: DomainContext, filter: ActivityFilter, before: string | undefined, limit: number) {
  return ctx.db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: actorPerson.name,
      client: auditLog.client,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      data: auditLog.data,
      subjectName: subjectPerson.name,
      projectName: projects.name,
    })
    .from(auditLog)
    .leftJoin(actorPerson, and(eq(actorPerson.id, auditLog.actorId), eq(actorPerson.companyId, auditLog.companyId)))
    .leftJoin(subjectPerson, and(sql`${subjectPerson.id} = ${subjectId}`, eq(subjectPerson.companyId, auditLog.companyId)))
    .leftJoin(projects, and(sql`${projects.id} = ${projectId}`, eq(projects.companyId, auditLog.companyId)))
    .where(and(filterWhere(ctx, filter), beforeWhere(before)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

type RawRow = Awaited<ReturnType<typeof readRows>>[number];

function subjectOf(row: RawRow): string | null {
  const data = row.data ?? {};
  if (row.projectName) return row.projectName;
  if (row.entityType === "matter") return typeof data.matterNumber === "string" ? data.matterNumber : row.entityId;
  if (row.subjectName) return row.subjectName;
  const named = data.name ?? (data.after as { name?: unknown } | undefined)?.name ?? (data.before as { name?: unknown } | undefined)?.name;
  return typeof named === "string" ? named : null;
}

function toRow(row: RawRow, t: Say): ActivityRow {
  const data = row.data ?? {};
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    who: row.actorId ? (row.actorName ?? t("activity.formerPerson")) : systemLabel(data.source, t),
    whoId: row.actorId,
    client: row.client ? clientLabel(row.client as AuditClient, t) : "—",
    what: describeAction(row.action, row.entityType, subjectOf(row), t),
    details: detailsText(data),
  };
}

export interface ActivityPage {
  rows: ActivityRow[];
  /** The cursor of the next (older) page, or null on the last. */
  next: string | null;
  /** The people the filter offers: those the reader may read about. */
  people: { id: string; name: string }[];
}

/** One page of the activity, newest first, and the people to filter by. */
export async function activityPage(ctx: DomainContext, filter: ActivityFilter, language = "en"): Promise<ActivityPage> {
  const t: Say = (key, values) => translate(language, key, values);
  requireActivityReader(ctx);
  const peopleWhere = ctx.actor.user.companyAdmin ? eq(users.companyId, ctx.companyId) : adminScopeWhere(ctx);
  // Two reads side by side, not one batch: D1 answers a batch's rows keyed by column name,
  // and this query's three names (actor, subject, project) would collapse into one.
  const [found, people] = await Promise.all([
    readRows(ctx, filter, filter.before, ACTIVITY_PAGE_SIZE + 1),
    ctx.db.select({ id: users.id, name: users.name }).from(users).where(peopleWhere).orderBy(asc(users.name)),
  ]);
  const rows = found.slice(0, ACTIVITY_PAGE_SIZE);
  const last = rows[rows.length - 1];
  return {
    rows: rows.map((row) => toRow(row, t)),
    next: found.length > ACTIVITY_PAGE_SIZE && last ? `${last.createdAt.getTime()}.${last.id}` : null,
    people,
  };
}

/** The activity the filter matches as a workbook, newest first, streamed 500 rows at a time. */
export function activityWorkbook(ctx: DomainContext, filter: ActivityFilter, language = "en"): ReadableStream<Uint8Array> {
  const t: Say = (key, values) => translate(language, key, values);
  requireActivityReader(ctx);
  async function* pages(): AsyncGenerator<XlsxCell[][]> {
    let before: string | undefined;
    for (let read = 0; read < ACTIVITY_EXPORT_MAX;) {
      const rows = await readRows(ctx, filter, before, Math.min(EXPORT_PAGE, ACTIVITY_EXPORT_MAX - read));
      if (rows.length === 0) return;
      read += rows.length;
      yield rows.map((raw) => {
        const row = toRow(raw, t);
        return [raw.createdAt.toISOString().replace("T", " ").slice(0, 19), row.who, row.client, row.what, row.details];
      });
      const last = rows[rows.length - 1];
      before = `${last.createdAt.getTime()}.${last.id}`;
    }
  }
  return xlsxWorkbookStream([
    {
      name: t("workbook.activity.sheet"),
      columns: [
        { header: t("workbook.activity.when"), width: 20 },
        { header: t("workbook.activity.who"), width: 28 },
        { header: t("workbook.activity.client"), width: 10 },
        { header: t("workbook.activity.what"), width: 50 },
        { header: t("workbook.activity.details"), width: 80 },
      ],
      autoFilter: true,
      pages: pages(),
    },
  ]);
}
