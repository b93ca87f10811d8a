import { canSeeOthersUtilization } from "~/auth/permissions";
import type { DomainContext } from "~/domain/context";
import { setMatterComment, setMatterManager } from "~/domain/matters/comments.server";
import { detailedPageSchema, matterIntentSchema, UTILIZATION_WEEKS_DEFAULT, utilizationReportSchema } from "~/domain/matters/matters.schema";
import { mayOpen, REPORTS } from "~/domain/matters/reports.server";
import type { DetailedReport, ReportView, UtilizationReport } from "~/domain/matters/reports.types";
import type { OverviewQuery } from "~/domain/users/overview-query";
import { submitIntent } from "~/web/page-form.server";
import { readReportAddress } from "~/domain/matters/report-address";

/**
 * The Detailed and Utilization tabs of /overview (`?view=`): which tabs this person has, and
 * the open tab's report for the page's filter. A tab the person may not open shows the grid.
 */
export async function loadReports(ctx: DomainContext, params: URLSearchParams, query: OverviewQuery) {
  const tabs = {
    detailed: mayOpen(ctx, REPORTS.detailed),
    utilization: mayOpen(ctx, REPORTS.utilization),
    others: canSeeOthersUtilization(ctx.actor.user, ctx.actor.company.settings),
  };
  const asked = params.get("view");
  const view: ReportView =
    asked === "detailed" && tabs.detailed ? "detailed" : asked === "utilization" && tabs.utilization ? "utilization" : "overview";
  let detailed: DetailedReport | null = null;
  let utilization: UtilizationReport | null = null;
  if (view === "detailed")
    detailed = await REPORTS.detailed.run(ctx, {
      offices: query.offices,
      groups: query.groups,
      ...detailedPageParams(params),
      // The filter bar's search box: people by name or title, or matters by name or client.
      search: query.term || undefined,
    });
  if (view === "utilization")
    utilization = await REPORTS.utilization.run(ctx, {
      offices: query.offices,
      groups: query.groups,
      term: query.term,
      weeks: UTILIZATION_WEEKS_DEFAULT,
      ...utilizationPageParams(params),
    });
  return { view, tabs, detailed, utilization };
}

export function matterAction(ctx: DomainContext, form: FormData) {
  ctx.clientSessionId = String(form.get("sessionId") ?? "") || ctx.clientSessionId;
  return submitIntent(form, matterIntentSchema, async (input) => {
    if (input.intent === "matterComment") return setMatterComment(ctx, input);
    return setMatterManager(ctx, input);
  });
}

/**
 * The Detailed tab's layout, sort and page from the address (`?layout=&order=&dir=&page=`; `sort` is the grid's, which
 * the tab writes from the choices kept in browser storage). Anything unreadable is the default,
 * as a hand-edited address should not end in an error page.
 */
export function detailedPageParams(params: URLSearchParams) {
  const asked = { layout: params.get("layout") ?? undefined, ...readReportAddress(params) };
  const parsed = detailedPageSchema.safeParse(asked);
  if (parsed.success) return parsed.data;
  const layout = asked.layout === "matters" ? ("matters" as const) : ("timekeepers" as const);
  return { layout, page: 1 };
}

/** The Utilization tab's sort and page from the address (`?order=&dir=&page=`, as the Detailed tab; decision 0226); unreadable is the default. */
export function utilizationPageParams(params: URLSearchParams) {
  const parsed = utilizationReportSchema.safeParse({ weeks: UTILIZATION_WEEKS_DEFAULT, ...readReportAddress(params) });
  return parsed.success ? { sort: parsed.data.sort, dir: parsed.data.dir, page: parsed.data.page } : { page: 1 };
}
