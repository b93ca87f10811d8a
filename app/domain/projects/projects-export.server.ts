import { and, asc, eq, sql } from "drizzle-orm";
import { inJsonList } from "~/db/json-list";
import { projectInvoices, projectMembers, projects, projectTimeReports, users } from "~/db/schema";
import type { DomainContext } from "../context";
import { ValidationError } from "../errors";
import { xlsxWorkbookStream, type XlsxCell, type XlsxColumn } from "~/lib/xlsx-stream";
import { queryProjects, visibleProjectsWhere } from "./projects.server";
import { translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey } from "~/lib/i18n/i18n";

/**
 * The projects summary workbook (GET /api/projectsSummary/{ids}/report.xlsx, decision 0101):
 * a sheet of projects and a sheet of members with their hours; bold frozen header rows,
 * autofilters, column widths, and real dates and numbers. The rows come from aggregate
 * queries, so its cost grows with projects and memberships, not with hours.
 */

/**
 * Projects per workbook. The workbook streams (decision 0211), but the project list with its
 * totals is held while it does (about 1 KB a project), so a bound stays: 10,000 keeps that
 * near 10 MB, well inside the Worker's 128 MB.
 */
export const MAX_EXPORT_PROJECTS = 10_000;
export const TOO_MANY_PROJECTS = `At most ${MAX_EXPORT_PROJECTS.toLocaleString("en-US")} projects per export: narrow the list with the filters.`;

/** "all", a JSON list or a comma-separated list of ids, URL-encoded. */
export function parseExportIds(encoded: string): string[] | "all" {
  let text: string;
  try {
    text = decodeURIComponent(encoded).trim();
  } catch {
    throw new ValidationError("InputErrors", { ids: "The project ids are not correctly encoded." });
  }
  if (text === "all") return "all";
  let ids: unknown;
  if (text.startsWith("[")) {
    try {
      ids = JSON.parse(text);
    } catch {
      throw new ValidationError("InputErrors", { ids: "The project ids are not a valid list." });
    }
  } else ids = text.split(",");
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || id.trim() === "" || id.length > 64))
    throw new ValidationError("InputErrors", { ids: "The project ids are not a valid list." });
  const list = [...new Set((ids as string[]).map((id) => id.trim()))];
  if (list.length === 0) throw new ValidationError("InputErrors", { ids: "Pick at least one project." });
  if (list.length > MAX_EXPORT_PROJECTS) throw new ValidationError("InputErrors", { ids: TOO_MANY_PROJECTS }, TOO_MANY_PROJECTS, 413);
  return list;
}

/** Projects whose members one query reads while the workbook streams. */
const MEMBER_PAGE_PROJECTS = 200;

type Say = (key: MessageKey) => string;

const projectColumns = (t: Say): XlsxColumn[] => [
  { header: t("workbook.projects.name"), width: 36 },
  { header: t("workbook.projects.stage"), width: 16 },
  { header: t("workbook.projects.categories"), width: 28 },
  { header: t("workbook.projects.startDate"), width: 12, format: "date" },
  { header: t("workbook.projects.endDate"), width: 12, format: "date" },
  { header: t("workbook.projects.manager"), width: 24 },
  { header: t("workbook.projects.members"), width: 10 },
  { header: t("workbook.projects.averageWorkload"), width: 18, format: "0.0" },
  { header: t("workbook.projects.hours"), width: 10, format: "0.0" },
  { header: t("workbook.projects.invoiced"), width: 16, format: "#,##0.00" },
  { header: t("workbook.projects.currency"), width: 10 },
  { header: t("workbook.projects.archived"), width: 10 },
];

const memberColumns = (t: Say): XlsxColumn[] => [
  { header: t("workbook.projects.project"), width: 36 },
  { header: t("workbook.projects.member"), width: 28 },
  { header: t("workbook.projects.title"), width: 24 },
  { header: t("workbook.projects.email"), width: 32 },
  { header: t("workbook.projects.workload"), width: 10, format: "0.0" },
  { header: t("workbook.projects.hours"), width: 10, format: "0.0" },
];

/**
 * The workbook as a stream (decision 0211): the projects (one list query, as the page reads
 * them, without members) and their hour and invoice totals are read first; the sheets are then
 * written row by row into a deflated ZIP, and the members sheet reads its rows a page of
 * projects at a time while the download is pulled, so memory holds the project list and one
 * page of members, never the workbook.
 */
export async function projectsSummaryWorkbook(ctx: DomainContext, ids: string[] | "all", language = "en"): Promise<ReadableStream<Uint8Array>> {
  const t: Say = (key) => translate(language, key);
  const only = ids === "all" ? undefined : inJsonList(projects.id, ids);
  const visible = and(eq(projects.companyId, ctx.companyId), visibleProjectsWhere(ctx), only);
  // Counted before anything is built: 'all' of a very large firm is refused, not half made.
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)` })
    .from(projects)
    .where(visible);
  if (count > MAX_EXPORT_PROJECTS) throw new ValidationError("InputErrors", { ids: TOO_MANY_PROJECTS }, TOO_MANY_PROJECTS, 413);
  const list = await queryProjects(ctx, { where: only, memberLimit: 0 });
  const [hours, invoiced] = await ctx.db.batch([
    ctx.db
      .select({ projectId: projectTimeReports.projectId, hours: sql<number>`sum(${projectTimeReports.hours})` })
      .from(projectTimeReports)
      .innerJoin(projects, eq(projects.id, projectTimeReports.projectId))
      .where(and(eq(projectTimeReports.companyId, ctx.companyId), visible))
      .groupBy(projectTimeReports.projectId),
    ctx.db
      .select({
        projectId: projectInvoices.projectId,
        amount: sql<number>`sum(${projectInvoices.amount})`,
        currencies: sql<string>`group_concat(distinct ${projectInvoices.currency})`,
      })
      .from(projectInvoices)
      .innerJoin(projects, eq(projects.id, projectInvoices.projectId))
      .where(and(eq(projectInvoices.companyId, ctx.companyId), visible))
      .groupBy(projectInvoices.projectId),
  ]);
  const hoursBy = new Map(hours.map((h) => [h.projectId, Number(h.hours)]));
  const invoicedBy = new Map(invoiced.map((i) => [i.projectId, i]));

  function* projectRows(): Iterable<XlsxCell[][]> {
    for (let at = 0; at < list.length; at += MEMBER_PAGE_PROJECTS) {
      yield list.slice(at, at + MEMBER_PAGE_PROJECTS).map((p) => {
        const invoice = invoicedBy.get(p._id);
        return [
          p.name,
          p.projectStage?.name ?? "",
          p.projectCategories.map((c) => c.name).join(", "),
          p.startDate ? new Date(p.startDate) : null,
          p.endDate ? new Date(p.endDate) : null,
          p.manager?.name ?? "",
          p.nbrOfUsers,
          // The score the app shows: average workload + 1.
          p.averageWorkload === null ? null : Math.round((p.averageWorkload + 1) * 10) / 10,
          hoursBy.get(p._id) ?? 0,
          invoice ? Number(invoice.amount) : 0,
          invoice?.currencies ?? "",
          p.archived ? t("workbook.yes") : t("workbook.no"),
        ];
      });
    }
  }

  async function* memberRows(): AsyncIterable<XlsxCell[][]> {
    for (let at = 0; at < list.length; at += MEMBER_PAGE_PROJECTS) {
      const page = list.slice(at, at + MEMBER_PAGE_PROJECTS).map((p) => p._id);
      const rows = await ctx.db
        .select({
          // Aliased: two "name" columns would collide where D1 hands rows back as objects.
          projectName: sql<string>`${projects.name}`.as("project_name"),
          userName: sql<string>`${users.name}`.as("user_name"),
          title: users.title,
          email: users.email,
          workload: users.currentWorkload,
          hours: sql<number>`(select coalesce(sum(${projectTimeReports.hours}), 0) from ${projectTimeReports} where ${projectTimeReports.projectId} = ${projects.id} and ${projectTimeReports.userId} = ${users.id})`,
        })
        .from(projectMembers)
        .innerJoin(projects, eq(projects.id, projectMembers.projectId))
        .innerJoin(users, eq(users.id, projectMembers.userId))
        .where(and(eq(projectMembers.companyId, ctx.companyId), inJsonList(projectMembers.projectId, page)))
        .orderBy(asc(projects.name), asc(projects.id), asc(users.name));
      yield rows.map((m) => [m.projectName, m.userName, m.title, m.email, m.workload === null ? null : m.workload + 1, Number(m.hours)]);
    }
  }

  return xlsxWorkbookStream([
    { name: t("workbook.projects.sheet"), columns: projectColumns(t), autoFilter: true, pages: projectRows() },
    { name: t("workbook.projects.membersSheet"), columns: memberColumns(t), autoFilter: true, pages: memberRows() },
  ]);
}
