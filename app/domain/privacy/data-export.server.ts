import { and, asc, desc, eq, isNull, lt } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { inJsonList } from "~/db/json-list";
import { derivedSecret } from "~/auth/secrets.server";
import type { Db } from "~/db/client";
import { dataExports, users, type DataExport } from "~/db/schema";
import type { Env } from "~/env";
import { enqueueEmail, type MailContext } from "~/integrations/email/outbox.server";
import { newId } from "~/lib/ids";
import { appOrigin } from "~/lib/app-origin.server";
import { translate } from "~/lib/i18n/catalogs.server";
import type { MessageKey } from "~/lib/i18n/i18n";
import { languageOfRecipient } from "../identity/mail-language.server";
import { xlsxWorkbookStream, type XlsxCell, type XlsxSheet } from "~/lib/xlsx-stream";
import { audit } from "../audit.server";
import type { DomainContext } from "../context";
import { GoneError, NotFoundError } from "../errors";
import { EXPORT_SECTIONS, type ExportRow } from "./export-sections.server";
import type { DataExportState } from "./data-export.types";
import { sameSecret, toBase64Url } from "~/lib/base64url";

/**
 * "Download my data" (decision 0300). Asking makes a `data_exports` row; each step reads one
 * page (at most EXPORT_STEP_ROWS rows) of one section and writes it to R2 as a part, so a
 * step's work is bounded whatever the person's history; the step after the last section
 * joins the parts into `data.json` and `data.xlsx`. The settings page takes a step on each
 * poll while it shows "Preparing…", and the cron takes a few for exports nobody watches.
 * Each file downloads once, by its owner, before EXPORT_TTL_MS runs out.
 */
export const EXPORT_STEP_ROWS = 500;
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;
export const EXPORT_PREFIX = "data-exports/";
export const EXPORT_FORMATS = ["json", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_LINK_USED = "This download link has been used already: each file downloads once. Ask for a new copy of your data under Settings.";
export const EXPORT_LINK_EXPIRED = "This download link has expired. Ask for a new copy of your data under Settings.";
export const EXPORT_LINK_UNKNOWN = "This download link is not valid (a newer copy of your data replaced it). Ask for a new copy under Settings.";

const partKey = (exportId: string, part: number) => `${EXPORT_PREFIX}${exportId}/part-${String(part).padStart(6, "0")}.json`;
const fileKey = (exportId: string, format: ExportFormat) => `${EXPORT_PREFIX}${exportId}/data.${format}`;

interface Part {
  section: string;
  rows: ExportRow[];
}

async function linkKey(env: Env): Promise<CryptoKey> {
  const secret = await derivedSecret(env, "data-export-links-v1");
  return crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

export async function signExportLink(env: Env, exportId: string, format: ExportFormat): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await linkKey(env), new TextEncoder().encode(`data-export:${exportId}:${format}`));
  return toBase64Url(mac);
}

/** The page's link to a file: a path on the page's own origin (the download needs the owner's session there). */
export async function exportLink(env: Env, exportId: string, format: ExportFormat): Promise<string> {
  return `/data-export/${exportId}/${format}?sig=${await signExportLink(env, exportId, format)}`;
}

/** Deletes every R2 object of these exports (parts and files). */
export async function deleteExportObjects(files: R2Bucket, exportIds: string[]) {
  for (const id of exportIds) {
    let cursor: string | undefined;
    do {
      const listed = await files.list({ prefix: `${EXPORT_PREFIX}${id}/`, cursor });
      if (listed.objects.length > 0) await files.delete(listed.objects.map((o) => o.key));
      cursor = listed.truncated ? listed.cursor : undefined;
    } while (cursor);
  }
}

/**
 * "Prepare my data": a new export for the signed-in person, replacing any earlier one (its
 * files and links go), and its first step taken at once.
 */
export async function requestDataExport(ctx: DomainContext, runtime: ExportRuntime, stepRows = EXPORT_STEP_ROWS): Promise<DataExport> {
  const userId = ctx.actor.user.id;
  const earlier = await ctx.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, userId)));
  const id = newId();
  await ctx.db.batch([
    ctx.db.delete(dataExports).where(and(eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, userId))),
    ctx.db.insert(dataExports).values({ id, companyId: ctx.companyId, userId, createdAt: ctx.now }),
    audit(ctx, "request", "data_export", id),
  ]);
  await deleteExportObjects(
    runtime.files,
    earlier.map((e) => e.id),
  );
  return advanceDataExport(runtime, id, ctx.now, stepRows);
}

async function loadExport(db: Db, exportId: string): Promise<DataExport | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  return row ?? null;
}

export interface ExportRuntime {
  db: Db;
  files: R2Bucket;
  /** When given, the person is mailed once the files are ready. */
  mail?: { context: MailContext; appUrl: string; appName: string };
}

/**
 * One bounded step of an export: a page of the current section written as a part, or, after
 * the last section, the two files. Two steps racing compute the same part under the same key
 * and only one moves the row on (the update is conditional on `steps`).
 */
export async function advanceDataExport(
  runtime: ExportRuntime,
  exportId: string,
  now = new Date(),
  stepRows = EXPORT_STEP_ROWS,
): Promise<DataExport> {
  const row = await loadExport(runtime.db, exportId);
  if (!row) throw new NotFoundError("This export no longer exists.");
  if (row.status !== "preparing") return row;
  const owner = { companyId: row.companyId, userId: row.userId };
  try {
    if (row.section < EXPORT_SECTIONS.length) {
      const section = EXPORT_SECTIONS[row.section]!;
      const { rows, last } = await section.page(runtime.db, owner, row.cursor, stepRows);
      if (rows.length > 0) {
        const part: Part = { section: section.name, rows };
        await runtime.files.put(partKey(row.id, row.parts), JSON.stringify(part), { httpMetadata: { contentType: "application/json" } });
      }
      const finished = rows.length < stepRows;
      await runtime.db
        .update(dataExports)
        .set({
          section: finished ? row.section + 1 : row.section,
          cursor: finished ? null : last,
          parts: rows.length > 0 ? row.parts + 1 : row.parts,
          rows: row.rows + rows.length,
          steps: row.steps + 1,
        })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.steps, row.steps)));
      return (await loadExport(runtime.db, exportId)) ?? row;
    }
    await writeExportFiles(runtime, row, now);
    const [done] = await runtime.db
      .update(dataExports)
      .set({ status: "ready", readyAt: now, expiresAt: new Date(now.getTime() + EXPORT_TTL_MS), steps: row.steps + 1 })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.status, "preparing")))
      .returning();
    if (done) {
      await deleteParts(runtime.files, row);
      if (runtime.mail) await mailReady(runtime, done);
    }
    return done ?? (await loadExport(runtime.db, exportId)) ?? row;
  } catch (error) {
    console.error("data export step failed", error);
    await runtime.db
      .update(dataExports)
      .set({ status: "failed", error: "Your data could not be prepared. Please try again." })
      .where(eq(dataExports.id, row.id));
    return (await loadExport(runtime.db, exportId)) ?? row;
  }
}

async function deleteParts(files: R2Bucket, row: DataExport) {
  const keys = Array.from({ length: row.parts }, (_, i) => partKey(row.id, i));
  for (let i = 0; i < keys.length; i += 1000) await files.delete(keys.slice(i, i + 1000));
}

async function readParts(files: R2Bucket, row: DataExport): Promise<Map<string, ExportRow[]>> {
  const bySection = new Map<string, ExportRow[]>(EXPORT_SECTIONS.map((s) => [s.name, []]));
  for (let i = 0; i < row.parts; i++) {
    const object = await files.get(partKey(row.id, i));
    if (!object) throw new Error(`part ${i} of export ${row.id} is missing`);
    const part = JSON.parse(await object.text()) as Part;
    bySection.get(part.section)?.push(...part.rows);
  }
  return bySection;
}

/**
 * A workbook column's title in `language`: the field's words from the catalogs
 * (`workbook.data.column.startDate` is "Start date"), else the JSON's own field name.
 */
function columnTitle(language: string, field: string): string {
  const key = `workbook.data.column.${field}` as MessageKey;
  const title = translate(language, key);
  return title === key ? field : title;
}

/**
 * The JSON file and the workbook from the parts: one list and one sheet per section. The JSON
 * keeps its field names; the workbook is in the person's own language (their choice, else
 * their firm's), since the cron may finish it with no reader at hand.
 */
async function writeExportFiles(runtime: ExportRuntime, row: DataExport, now: Date) {
  const bySection = await readParts(runtime.files, row);
  const sections = Object.fromEntries(bySection);
  const profile = (sections.profile?.[0] ?? null) as ExportRow | null;
  const document = {
    exportedAt: now.toISOString(),
    about:
      "Everything the planner stores about you (docs/privacy.md says what each part is). Passwords, second-factor secrets and token values are never included.",
    person: profile,
    ...sections,
  };
  await runtime.files.put(fileKey(row.id, "json"), JSON.stringify(document, null, 2), {
    httpMetadata: { contentType: "application/json; charset=utf-8" },
  });
  const language = await languageOfRecipient(runtime.db, row.companyId, row.userId);
  const yesNo = { yes: translate(language, "workbook.yes"), no: translate(language, "workbook.no") };
  const sheets: XlsxSheet[] = EXPORT_SECTIONS.map((section) => {
    const rows = bySection.get(section.name) ?? [];
    const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    return {
      name: translate(language, section.sheet),
      columns:
        headers.length > 0
          ? headers.map((field) => ({ header: columnTitle(language, field), width: 22 }))
          : [{ header: translate(language, "workbook.data.column.none"), width: 22 }],
      pages: [rows.map((r) => headers.map((h) => cell(r[h], yesNo)))],
    };
  });
  const bytes = await new Response(xlsxWorkbookStream(sheets)).arrayBuffer();
  await runtime.files.put(fileKey(row.id, "xlsx"), bytes, {
    httpMetadata: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  });
}

function cell(value: unknown, words: { yes: string; no: string }): XlsxCell {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? words.yes : words.no;
  if (typeof value === "string") return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

async function mailReady(runtime: ExportRuntime, row: DataExport) {
  const mail = runtime.mail!;
  const [person] = await runtime.db.select({ email: users.email, erasedAt: users.erasedAt }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!person || person.erasedAt) return;
  await enqueueEmail(mail.context, row.companyId, {
    to: person.email,
    subject: `Your data from ${mail.appName} is ready`,
    text: [
      `The copy of your data you asked for is ready: a JSON file and a workbook.`,
      `Download them under Settings, "Your data": ${mail.appUrl}/settings`,
      `Each file downloads once, until ${row.expiresAt?.toISOString().slice(0, 10)}.`,
    ].join("\n\n"),
  });
}

/** The signed-in person's export as the settings page shows it, with its links while they work. */
export async function dataExportState(ctx: DomainContext, env: Env): Promise<DataExportState> {
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, ctx.actor.user.id)))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  if (!row) return { status: "none" };
  if (row.status === "preparing") return { status: "preparing", rows: row.rows, sections: EXPORT_SECTIONS.length, done: row.section };
  if (row.status === "failed") return { status: "failed", error: row.error ?? "Your data could not be prepared." };
  if (!row.expiresAt || row.expiresAt <= ctx.now) return { status: "expired" };
  return {
    status: "ready",
    expiresAt: row.expiresAt.toISOString(),
    links: {
      json: row.jsonUsedAt ? null : await exportLink(env, row.id, "json"),
      xlsx: row.xlsxUsedAt ? null : await exportLink(env, row.id, "xlsx"),
    },
  };
}

/** The settings page's poll: one step of the person's export that is being prepared. */
export async function advanceOwnDataExport(ctx: DomainContext, runtime: ExportRuntime, stepRows = EXPORT_STEP_ROWS) {
  const [row] = await ctx.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, ctx.actor.user.id), eq(dataExports.status, "preparing")))
    .limit(1);
  if (!row) return { message: "Nothing is being prepared." };
  const after = await advanceDataExport(runtime, row.id, ctx.now, stepRows);
  return { message: after.status === "ready" ? "Your data is ready" : "Preparing" };
}

/**
 * GET /data-export/{id}/{format}?sig=: the file, once. The signature must match, the signed-in
 * person must be the owner (anyone else: 404, as for a link that does not exist), the export
 * ready and not expired; the first download marks the format used in the same statement that
 * checks it was not, so two clicks at once still give one file.
 */
export async function claimExportFile(ctx: DomainContext, env: Env, files: R2Bucket, exportId: string, format: string, signature: string) {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new NotFoundError(EXPORT_LINK_UNKNOWN);
  const kind = format as ExportFormat;
  if (!sameSecret(await signExportLink(env, exportId, kind), signature)) throw new NotFoundError(EXPORT_LINK_UNKNOWN);
  const [row] = await ctx.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.companyId, ctx.companyId), eq(dataExports.userId, ctx.actor.user.id)))
    .limit(1);
  if (!row || row.status !== "ready") throw new NotFoundError(EXPORT_LINK_UNKNOWN);
  if (!row.expiresAt || row.expiresAt <= ctx.now) throw new GoneError(EXPORT_LINK_EXPIRED);
  const used = kind === "json" ? dataExports.jsonUsedAt : dataExports.xlsxUsedAt;
  const claimed = await ctx.db
    .update(dataExports)
    .set(kind === "json" ? { jsonUsedAt: ctx.now } : { xlsxUsedAt: ctx.now })
    .where(and(eq(dataExports.id, row.id), isNull(used)))
    .returning({ id: dataExports.id });
  if (claimed.length === 0) throw new GoneError(EXPORT_LINK_USED);
  const object = await files.get(fileKey(row.id, kind));
  if (!object) throw new NotFoundError(EXPORT_LINK_UNKNOWN);
  await audit(ctx, "download", "data_export", row.id, { format: kind });
  const day = row.readyAt?.toISOString().slice(0, 10) ?? "";
  return new Response(object.body, {
    headers: {
      "Content-Type": kind === "json" ? "application/json; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="my-data-${day}.${kind}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Exports the cron advances each run, and the steps each gets. */
const CRON_EXPORTS = 5;
const CRON_STEPS = 15;

/**
 * The cron's share: a few steps of exports still being prepared (the person closed the page;
 * they are mailed when it is ready), and expired exports' files deleted.
 */
export async function runDataExports(context: { db: Db; env: Env; ctx?: Pick<ExecutionContext, "waitUntil"> }, now = new Date()) {
  const files = context.env.FILES;
  const appUrl = appOrigin(context.env);
  const due = await context.db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.status, "preparing"), liveHere(dataExports.companyId)))
    .orderBy(asc(dataExports.createdAt))
    .limit(CRON_EXPORTS);
  const appName = context.env.APP_NAME || "Availability";
  for (const { id } of due) {
    for (let step = 0; step < CRON_STEPS; step++) {
      const after = await advanceDataExport({ db: context.db, files, mail: { context, appUrl, appName } }, id, now);
      if (after.status !== "preparing") break;
    }
  }
  const expired = await context.db
    .select({ id: dataExports.id })
    .from(dataExports)
    // A day after expiry, so the expired link still says so for a while.
    .where(lt(dataExports.expiresAt, new Date(now.getTime() - 24 * 60 * 60_000)))
    .limit(50);
  if (expired.length > 0) {
    await deleteExportObjects(
      files,
      expired.map((e) => e.id),
    );
    await context.db.delete(dataExports).where(
      inJsonList(
        dataExports.id,
        expired.map((e) => e.id),
      ),
    );
  }
}
