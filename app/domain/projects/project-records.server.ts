import { and, asc, desc, eq } from "drizzle-orm";
import { audit } from "../audit.server";
import { runBatch } from "~/db/batch";
import { projectInvoices, projectMembers, projectTimeReports, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { requireRow } from "../require-row.server";
import type { InvoiceInput, TimeReportInput } from "./project.schema";
import { publishProject, requireEditableProject, requireVisibleProject } from "./projects.server";

/**
 * A project's hours (time reports) and invoices. Reading needs the project to be visible;
 * writing needs the caller to be allowed to change it (canEditProject). Invoices exist only
 * when the company has projectInvoicing.
 */

export interface ApiTimeReport {
  _id: string;
  project: string;
  date: string;
  hours: number;
  user: { _id: string; name: string };
}

export interface ApiInvoice {
  _id: string;
  project: string;
  date: string;
  amount: number;
  vat: number | null;
  identification: string | null;
  currency: string;
}

// Hours ------------------------------------------------------------------------------------------

export async function listTimeReports(ctx: DomainContext, projectId: string): Promise<ApiTimeReport[]> {
  await requireVisibleProject(ctx, projectId);
  const rows = await ctx.db
    .select({
      id: projectTimeReports.id,
      date: projectTimeReports.date,
      hours: projectTimeReports.hours,
      userId: projectTimeReports.userId,
      userName: users.name,
    })
    .from(projectTimeReports)
    .innerJoin(users, eq(users.id, projectTimeReports.userId))
    .where(and(eq(projectTimeReports.companyId, ctx.companyId), eq(projectTimeReports.projectId, projectId)))
    .orderBy(desc(projectTimeReports.date), asc(users.name));
  return rows.map((r) => ({ _id: r.id, project: projectId, date: r.date.toISOString(), hours: r.hours, user: { _id: r.userId, name: r.userName } }));
}

async function requireMember(ctx: DomainContext, projectId: string, userId: string) {
  const [member] = await ctx.db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.companyId, ctx.companyId), eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  if (!member) throw new ValidationError("ProjectTimeReportInputErrors", { user: "Only members of the project can have hours reported." });
}

export async function createTimeReport(ctx: DomainContext, projectId: string, input: TimeReportInput): Promise<ApiTimeReport> {
  await requireEditableProject(ctx, projectId);
  const userId = input.user ?? ctx.actor.user.id;
  await requireMember(ctx, projectId, userId);
  const id = newId();
  await runBatch(ctx.db, [
    ctx.db
      .insert(projectTimeReports)
      .values({ id, companyId: ctx.companyId, projectId, userId, date: input.date, hours: input.hours, createdAt: ctx.now }),
    audit(ctx, "create", "projectTimeReport", id, { project: projectId, user: userId, hours: input.hours }),
  ]);
  publishProject(ctx, projectId);
  return timeReport(ctx, projectId, id);
}

async function timeReport(ctx: DomainContext, projectId: string, id: string): Promise<ApiTimeReport> {
  const report = (await listTimeReports(ctx, projectId)).find((r) => r._id === id);
  if (!report) throw new NotFoundError("Time report not found");
  return report;
}

const requireTimeReport = (ctx: DomainContext, projectId: string, id: string) =>
  requireRow(ctx, projectTimeReports, id, "Time report", eq(projectTimeReports.projectId, projectId));

export async function updateTimeReport(ctx: DomainContext, projectId: string, id: string, input: TimeReportInput): Promise<ApiTimeReport> {
  await requireEditableProject(ctx, projectId);
  const existing = await requireTimeReport(ctx, projectId, id);
  const userId = input.user ?? existing.userId;
  if (userId !== existing.userId) await requireMember(ctx, projectId, userId);
  await runBatch(ctx.db, [
    ctx.db
      .update(projectTimeReports)
      .set({ userId, date: input.date, hours: input.hours })
      .where(and(eq(projectTimeReports.id, id), eq(projectTimeReports.companyId, ctx.companyId))),
    audit(ctx, "update", "projectTimeReport", id, { project: projectId, hours: input.hours }),
  ]);
  publishProject(ctx, projectId);
  return timeReport(ctx, projectId, id);
}

export async function deleteTimeReport(ctx: DomainContext, projectId: string, id: string): Promise<{ message: string }> {
  await requireEditableProject(ctx, projectId);
  await requireTimeReport(ctx, projectId, id);
  await runBatch(ctx.db, [
    ctx.db.delete(projectTimeReports).where(and(eq(projectTimeReports.id, id), eq(projectTimeReports.companyId, ctx.companyId))),
    audit(ctx, "delete", "projectTimeReport", id, { project: projectId }),
  ]);
  publishProject(ctx, projectId);
  return { message: "Hours deleted" };
}

// Invoices ---------------------------------------------------------------------------------------

export const INVOICING_OFF = "Project invoicing is turned off for this company.";

function requireInvoicing(ctx: DomainContext) {
  if (!ctx.actor.company.settings.projectInvoicing) throw new ForbiddenError(INVOICING_OFF);
}

const toApiInvoice = (row: typeof projectInvoices.$inferSelect): ApiInvoice => ({
  _id: row.id,
  project: row.projectId,
  date: row.date.toISOString(),
  amount: row.amount,
  vat: row.vat,
  identification: row.identification,
  currency: row.currency,
});

export async function listInvoices(ctx: DomainContext, projectId: string): Promise<ApiInvoice[]> {
  requireInvoicing(ctx);
  await requireVisibleProject(ctx, projectId);
  const rows = await ctx.db
    .select()
    .from(projectInvoices)
    .where(and(eq(projectInvoices.companyId, ctx.companyId), eq(projectInvoices.projectId, projectId)))
    .orderBy(desc(projectInvoices.date), asc(projectInvoices.createdAt));
  return rows.map(toApiInvoice);
}

const invoiceValues = (input: InvoiceInput) => ({
  date: input.date,
  amount: input.amount,
  vat: input.vat ?? null,
  identification: input.identification?.trim() ? input.identification.trim() : null,
  currency: input.currency,
});

export async function createInvoice(ctx: DomainContext, projectId: string, input: InvoiceInput): Promise<ApiInvoice> {
  requireInvoicing(ctx);
  await requireEditableProject(ctx, projectId);
  const id = newId();
  await runBatch(ctx.db, [
    ctx.db.insert(projectInvoices).values({ id, companyId: ctx.companyId, projectId, ...invoiceValues(input), createdAt: ctx.now }),
    audit(ctx, "create", "projectInvoice", id, { project: projectId, amount: input.amount, currency: input.currency }),
  ]);
  publishProject(ctx, projectId);
  return toApiInvoice(await requireRow(ctx, projectInvoices, id, "Invoice"));
}

export async function updateInvoice(ctx: DomainContext, projectId: string, id: string, input: InvoiceInput): Promise<ApiInvoice> {
  requireInvoicing(ctx);
  await requireEditableProject(ctx, projectId);
  await requireRow(ctx, projectInvoices, id, "Invoice", eq(projectInvoices.projectId, projectId));
  await runBatch(ctx.db, [
    ctx.db
      .update(projectInvoices)
      .set(invoiceValues(input))
      .where(and(eq(projectInvoices.id, id), eq(projectInvoices.companyId, ctx.companyId))),
    audit(ctx, "update", "projectInvoice", id, { project: projectId, amount: input.amount }),
  ]);
  publishProject(ctx, projectId);
  return toApiInvoice(await requireRow(ctx, projectInvoices, id, "Invoice"));
}

export async function deleteInvoice(ctx: DomainContext, projectId: string, id: string): Promise<{ message: string }> {
  requireInvoicing(ctx);
  await requireEditableProject(ctx, projectId);
  await requireRow(ctx, projectInvoices, id, "Invoice", eq(projectInvoices.projectId, projectId));
  await runBatch(ctx.db, [
    ctx.db.delete(projectInvoices).where(and(eq(projectInvoices.id, id), eq(projectInvoices.companyId, ctx.companyId))),
    audit(ctx, "delete", "projectInvoice", id, { project: projectId }),
  ]);
  publishProject(ctx, projectId);
  return { message: "Invoice deleted" };
}
