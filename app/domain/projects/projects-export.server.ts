import ExcelJS from "exceljs";
import { and, asc, eq, sql } from "drizzle-orm";
import { inJsonList } from "~/db/json-list";
import { projectInvoices, projectMembers, projects, projectTimeReports, users } from "~/db/schema";
import type { DomainContext } from "../context";
import { ValidationError } from "../errors";
import { queryProjects, visibleProjectsWhere } from "./projects.server";

/**
 * The projects summary workbook (GET /api/projectsSummary/{ids}/report.xlsx, decision 0101):
 * a sheet of projects and a sheet of members with their hours; bold frozen header rows,
 * autofilters, column widths, and real dates and numbers. The rows come from four
 * aggregate queries, so its cost grows with projects and memberships, not with hours.
 */

/**
 * Projects per workbook. exceljs builds the workbook in memory (its streaming writer needs
 * Node's file system and archiver, which the Worker's bundle cannot take: decision 0186), so
 * its memory grows with the projects in it; this bound keeps it well inside the Worker's
 * 128 MB (about 22 KB per project with its members in the bench: 2,005 projects take 44 MB).
 */
export const MAX_EXPORT_PROJECTS = 2500;
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

const HEADER_FONT = { bold: true } as const;

function styleSheet(sheet: ExcelJS.Worksheet, columnCount: number) {
  sheet.getRow(1).font = HEADER_FONT;
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columnCount } };
}

export async function projectsSummaryWorkbook(ctx: DomainContext, ids: string[] | "all"): Promise<ArrayBuffer> {
  const only = ids === "all" ? undefined : inJsonList(projects.id, ids);
  const visible = and(eq(projects.companyId, ctx.companyId), visibleProjectsWhere(ctx), only);
  // Counted before anything is built: 'all' of a very large firm is refused, not half made.
  const [{ count }] = await ctx.db
    .select({ count: sql<number>`count(*)` })
    .from(projects)
    .where(visible);
  if (count > MAX_EXPORT_PROJECTS) throw new ValidationError("InputErrors", { ids: TOO_MANY_PROJECTS }, TOO_MANY_PROJECTS, 413);
  const list = await queryProjects(ctx, { where: only, memberLimit: 0 });
  const [hours, invoiced, members] = await ctx.db.batch([
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
    ctx.db
      .select({
        // Aliased: a D1 batch hands rows back as objects, where two "name" columns collide.
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
      .where(and(eq(projectMembers.companyId, ctx.companyId), visible))
      .orderBy(asc(projects.name), asc(users.name)),
  ]);
  const hoursBy = new Map(hours.map((h) => [h.projectId, Number(h.hours)]));
  const invoicedBy = new Map(invoiced.map((i) => [i.projectId, i]));

  const workbook = new ExcelJS.Workbook();
  workbook.creator = ctx.actor.company.name;
  workbook.created = ctx.now;
  const sheet = workbook.addWorksheet("Projects");
  sheet.columns = [
    { header: "Name", key: "name", width: 36 },
    { header: "Stage", key: "stage", width: 16 },
    { header: "Categories", key: "categories", width: 28 },
    { header: "Start date", key: "startDate", width: 12, style: { numFmt: "yyyy-mm-dd" } },
    { header: "End date", key: "endDate", width: 12, style: { numFmt: "yyyy-mm-dd" } },
    { header: "Manager", key: "manager", width: 24 },
    { header: "Members", key: "members", width: 10 },
    { header: "Average workload", key: "averageWorkload", width: 18, style: { numFmt: "0.0" } },
    { header: "Hours", key: "hours", width: 10, style: { numFmt: "0.0" } },
    { header: "Invoiced amount", key: "invoiced", width: 16, style: { numFmt: "#,##0.00" } },
    { header: "Currency", key: "currency", width: 10 },
    { header: "Archived", key: "archived", width: 10 },
  ];
  for (const p of list) {
    const invoice = invoicedBy.get(p._id);
    sheet.addRow({
      name: p.name,
      stage: p.projectStage?.name ?? "",
      categories: p.projectCategories.map((c) => c.name).join(", "),
      startDate: p.startDate ? new Date(p.startDate) : null,
      endDate: p.endDate ? new Date(p.endDate) : null,
      manager: p.manager?.name ?? "",
      members: p.nbrOfUsers,
      // The score the app shows: average workload + 1.
      averageWorkload: p.averageWorkload === null ? null : Math.round((p.averageWorkload + 1) * 10) / 10,
      hours: hoursBy.get(p._id) ?? 0,
      invoiced: invoice ? Number(invoice.amount) : 0,
      currency: invoice?.currencies ?? "",
      archived: p.archived ? "Yes" : "No",
    });
  }
  styleSheet(sheet, 12);

  const memberSheet = workbook.addWorksheet("Members");
  memberSheet.columns = [
    { header: "Project", key: "project", width: 36 },
    { header: "Member", key: "member", width: 28 },
    { header: "Title", key: "title", width: 24 },
    { header: "E-mail", key: "email", width: 32 },
    { header: "Workload", key: "workload", width: 10, style: { numFmt: "0.0" } },
    { header: "Hours", key: "hours", width: 10, style: { numFmt: "0.0" } },
  ];
  for (const m of members) {
    memberSheet.addRow({
      project: m.projectName,
      member: m.userName,
      title: m.title,
      email: m.email,
      workload: m.workload === null ? null : m.workload + 1,
      hours: Number(m.hours),
    });
  }
  styleSheet(memberSheet, 6);
  return (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
}
