import { REPORTS } from "~/domain/matters/reports.server";
import { reportRoute } from "~/web/report-route.server";

export const { loader, action, endpoints } = reportRoute(
  REPORTS.detailed,
  "The detailed view: per timekeeper their billable matters of the last mattersTimeperiod days, and per matter its timekeepers. Needs enableUtilizationView and detailedViewPriviliges; hours, comments and the PM flag only where allowed.",
);
