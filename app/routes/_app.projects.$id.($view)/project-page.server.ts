import { formConstraint } from "~/components/form-constraint";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/session.server";
import { listProjectCategories, listProjectStages } from "~/domain/company/catalog.server";
import { domainCtx } from "~/domain/context";
import { invoiceSchema, projectMembersSchema, projectUpdateSchema, timeReportSchema } from "~/domain/projects/project.schema";
import {
  createInvoice,
  createTimeReport,
  deleteInvoice,
  deleteTimeReport,
  listInvoices,
  listTimeReports,
  updateInvoice,
  updateTimeReport,
} from "~/domain/projects/project-records.server";
import {
  addProjectMembers,
  deleteProject,
  getProject,
  removeProjectMember,
  setProjectArchived,
  updateProject,
} from "~/domain/projects/projects.server";
import { validate } from "~/domain/validation";
import { dayKey } from "~/lib/dates";
import { orStatusPage, submitForm } from "~/web/page-form.server";
import { noFields } from "~/domain/schema-kit";

export const PROJECT_VIEWS = ["members", "invoices", "settings"] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];

async function requireProjectsPage(request: Request, context: LoaderFunctionArgs["context"]) {
  const actor = await requireUser(request, context);
  if (actor.company.settings.disableProjects) throw new Response("Not found", { status: 404 });
  return actor;
}

/** /projects/{id}/{view}: no view (or an unknown one) goes to members; invoices only with projectInvoicing. */
export async function loadProjectPage({ request, context, params }: LoaderFunctionArgs) {
  const actor = await requireProjectsPage(request, context);
  const ctx = domainCtx(context, actor);
  const settings = actor.company.settings;
  const view = params.view as ProjectView | undefined;
  const views: ProjectView[] = settings.projectInvoicing ? ["members", "invoices", "settings"] : ["members", "settings"];
  if (!view || !views.includes(view)) throw redirect(`/projects/${params.id}/members`);
  const project = await orStatusPage(getProject(ctx, params.id!));
  const [invoices, timeReports, stages, categories] = await Promise.all([
    view === "invoices" ? listInvoices(ctx, project._id) : Promise.resolve(null),
    view === "members" ? listTimeReports(ctx, project._id) : Promise.resolve(null),
    view === "settings" && settings.enableProjectStages ? listProjectStages(ctx) : Promise.resolve(null),
    view === "settings" ? listProjectCategories(ctx) : Promise.resolve(null),
  ]);
  return json({
    project,
    view,
    views,
    invoices,
    timeReports,
    stages,
    categories,
    showManager: !settings.disableProjectManager,
    // The settings form's field attributes: the browser loads its schema only when idle (decision 0292).
    settingsConstraint: view === "settings" ? formConstraint(projectUpdateSchema) : null,
    meId: actor.user.id,
    // The reader's today (their office's zone): the hours and invoice forms' default date.
    today: dayKey(ctx.today),
  });
}

/**
 * The settings form sends every field: an emptied one clears the value (conform reads "" as
 * missing, which the API would read as 'unchanged').
 */
const settingsFormSchema = projectUpdateSchema.transform((input) => ({
  ...input,
  description: input.description ?? "",
  startDate: input.startDate ?? null,
  endDate: input.endDate ?? null,
  manager: input.manager ?? null,
  projectStage: input.projectStage ?? null,
}));

/** The detail page's writes, one intent each, through the one form pipeline. */
export async function runProjectPageAction({ request, context, params }: ActionFunctionArgs) {
  const actor = await requireProjectsPage(request, context);
  const ctx = domainCtx(context, actor);
  const id = params.id!;
  const form = await request.formData();
  switch (form.get("intent")) {
    case "addMembers":
      return submitForm(form, noFields, () =>
        addProjectMembers(ctx, id, validate(projectMembersSchema, { ids: form.getAll("ids").map(String) }).ids),
      );
    case "removeMember":
      return submitForm(form, noFields, () => removeProjectMember(ctx, id, String(form.get("userId") ?? "")));
    case "logHours":
      return submitForm(form, timeReportSchema, (input) => createTimeReport(ctx, id, input));
    case "updateHours":
      return submitForm(form, timeReportSchema, (input) => updateTimeReport(ctx, id, String(form.get("reportId") ?? ""), input));
    case "deleteHours":
      return submitForm(form, noFields, () => deleteTimeReport(ctx, id, String(form.get("reportId") ?? "")));
    case "createInvoice":
      return submitForm(form, invoiceSchema, (input) => createInvoice(ctx, id, input), { resetForm: true });
    case "updateInvoice":
      return submitForm(form, invoiceSchema, (input) => updateInvoice(ctx, id, String(form.get("invoiceId") ?? ""), input));
    case "deleteInvoice":
      return submitForm(form, noFields, () => deleteInvoice(ctx, id, String(form.get("invoiceId") ?? "")));
    case "updateSettings":
      return submitForm(form, settingsFormSchema, (input) => {
        const categories = form.getAll("projectCategories").map(String);
        const { projectStage, manager, ...rest } = input;
        return updateProject(ctx, id, {
          ...rest,
          projectCategories: categories,
          ...(actor.company.settings.enableProjectStages ? { projectStage } : {}),
          ...(actor.company.settings.disableProjectManager ? {} : { manager }),
        });
      });
    case "archive":
      return submitForm(form, noFields, () => setProjectArchived(ctx, id, true));
    case "unarchive":
      return submitForm(form, noFields, () => setProjectArchived(ctx, id, false));
    case "delete":
      return submitForm(form, noFields, async () => {
        await deleteProject(ctx, id);
        return redirect("/projects");
      });
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
