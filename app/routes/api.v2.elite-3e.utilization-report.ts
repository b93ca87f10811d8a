import { REPORTS } from "~/domain/matters/reports.server";
import { reportRoute } from "~/web/report-route.server";

export const { loader, action, endpoints } = reportRoute(
  REPORTS.utilization,
  "The utilization view: billable and total hours per week for the last `weeks` complete weeks (default 12), weekly average and utilization against the target. Everyone the filter matches with utilizationViewOthersPriviliges, else the caller's own row ('My Utilization').",
);
