import { statisticsRawExport } from "~/domain/statistics/raw-export.server";
import { statisticFilterSchema, statisticQuerySchema, STATISTIC_ENTITY } from "~/domain/statistics/statistics.schema";
import { defineApiRoute, endpoint } from "~/web/api.server";
import { readerLanguage } from "~/web/reader.server";
import { XLSX_TYPE } from "./api.projectsSummary.$ids.report[.]xlsx";

/**
 * POST /api/statistics-raw/?startDate&endDate: the statistics as raw rows (decision 0178),
 * streamed. Outside /api/v2 by the contract, the same idiom: bearer or cookie, JSON errors.
 */
export const { loader, action, endpoints } = defineApiRoute({
  POST: endpoint({
    summary: "The statistics' people and range as an xlsx of one row per person per working day (workload, location, away), saved as report.xlsx.",
    query: statisticQuerySchema,
    body: statisticFilterSchema,
    entity: STATISTIC_ENTITY,
    run: async ({ ctx, query, body }) =>
      new Response(await statisticsRawExport(ctx, query, body, await readerLanguage()), {
        headers: {
          "Content-Type": XLSX_TYPE,
          "Content-Disposition": 'attachment; filename="report.xlsx"',
          "Cache-Control": "private, no-store",
        },
      }),
  }),
});
