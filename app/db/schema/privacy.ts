import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "../columns";
import { companyId, userId } from "./company-owned";

export const dataExportStatuses = ["preparing", "ready", "failed"] as const;

/**
 * A person's "Download my data" (decision 0300): built in bounded steps (one section's page
 * of rows a step, each page a part object in R2), then joined into a JSON file and a
 * workbook. `section` and `cursor` say where the next step starts. Each file downloads once
 * (`jsonUsedAt`, `xlsxUsedAt`) before `expiresAt`; the link is an HMAC of the row's id, so
 * the table alone opens nothing.
 */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: id(),
    companyId: companyId(),
    userId: userId(),
    status: text("status", { enum: dataExportStatuses }).notNull().default("preparing"),
    section: integer("section").notNull().default(0),
    cursor: text("cursor"),
    parts: integer("parts").notNull().default(0),
    rows: integer("rows").notNull().default(0),
    steps: integer("steps").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    readyAt: integer("ready_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    jsonUsedAt: integer("json_used_at", { mode: "timestamp_ms" }),
    xlsxUsedAt: integer("xlsx_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    index("data_exports_status_idx").on(t.status),
    index("data_exports_company_idx").on(t.companyId),
  ],
);

export type DataExport = typeof dataExports.$inferSelect;
