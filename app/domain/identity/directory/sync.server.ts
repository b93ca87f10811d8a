import { and, asc, eq, inArray, isNull, lte, or, type SQL } from "drizzle-orm";
import { liveHere } from "~/db/fence";
import { audit } from "~/domain/audit.server";
import { systemCtx, type Runtime, type SystemContext } from "~/domain/context";
import { publishUserUpdate } from "~/domain/users/user-state.server";
import type { BatchItem } from "drizzle-orm/batch";
import { companies, directorySync, groups, offices, users, type DirectorySync } from "~/db/schema";
import type { EntraConfig } from "~/integrations/entra/config";
import { fetchDeltaPage, fetchPhoto, GraphError, initialDeltaLink, type DeltaUser } from "~/integrations/entra/graph.server";
import { DIRECTORY_PICTURE as ENTRA_PICTURE, INTERNAL_PICTURE_MARKER, pictureFile } from "~/lib/profile-picture";
import { MAX_PICTURE_BYTES, PICTURE_PREFIX, sniffImageType } from "~/domain/users/profile-picture.server";

/**
 * The scheduled directory sync (decision 0141): per connected firm, Microsoft Graph's users
 * delta query, a few pages per cron invocation so one run stays well inside the Worker's CPU
 * limit, resumed from the cursor in directory_sync. It brings names, titles, profile
 * pictures (into R2) and department → group (the groups' ssoIdentifiers) to the firm's
 * people it can match (object id, or e-mail for people not linked yet). It creates nobody
 * and deletes nobody: a person removed from the directory is marked and shown to the
 * company admin on /groups.
 */
export const PAGE_SIZE = 100;
export const PAGES_PER_STEP = 3;
export const PHOTOS_PER_STEP = 20;
export const COMPANIES_PER_RUN = 3;
/** A completed round waits this long before asking for the next changes. */
export const ROUND_INTERVAL_MS = 60 * 60_000;
const MAX_BACKOFF_MS = 6 * 60 * 60_000;

export interface SyncEnv {
  /** The Worker's bindings: each firm's step runs in a system context (source "directory"). */
  runtime: Runtime;
  files: R2Bucket;
  config: EntraConfig;
  /** Tests page through small directories with small steps. */
  pageSize?: number;
  pagesPerStep?: number;
}

export interface StepReport {
  companyId: string;
  pages: number;
  updated: number;
  removed: number;
  photos: number;
  roundComplete: boolean;
  error: string | null;
}

/** The cron's entry: the firms whose turn it is, oldest first. */
export async function runDirectorySync(env: SyncEnv, now = new Date()): Promise<StepReport[]> {
  const due = await env.runtime.db
    .select()
    .from(directorySync)
    .where(and(or(isNull(directorySync.nextRunAt), lte(directorySync.nextRunAt, now)), liveHere(directorySync.companyId)))
    .orderBy(asc(directorySync.nextRunAt))
    .limit(COMPANIES_PER_RUN);
  const reports: StepReport[] = [];
  for (const cursor of due) reports.push(await syncStep(env, cursor, now));
  return reports;
}

/** One step for one firm: up to PAGES_PER_STEP pages, the cursor saved after each. */
export async function syncStep(env: SyncEnv, cursor: DirectorySync, now = new Date()): Promise<StepReport> {
  const report: StepReport = { companyId: cursor.companyId, pages: 0, updated: 0, removed: 0, photos: 0, roundComplete: false, error: null };
  const { config } = env;
  const ctx = await systemCtx(env.runtime, cursor.companyId, "directory", now);
  let link = cursor.link ?? initialDeltaLink(config);
  const photoBudget = { left: PHOTOS_PER_STEP };
  try {
    while (report.pages < (env.pagesPerStep ?? PAGES_PER_STEP)) {
      const page = await fetchDeltaPage(config, cursor.tenantId, link, env.pageSize ?? PAGE_SIZE);
      report.pages += 1;
      const applied = await applyPage(env, ctx, cursor, page.users, photoBudget);
      report.updated += applied.updated;
      report.removed += applied.removed;
      report.photos += applied.photos;
      if (page.nextLink) {
        link = page.nextLink;
        await saveCursor(ctx, { link, inRound: true, lastRunAt: now, nextRunAt: now, failures: 0, lastError: null });
        continue;
      }
      report.roundComplete = true;
      await saveCursor(ctx, {
        link: page.deltaLink,
        inRound: false,
        lastRunAt: now,
        lastRoundAt: now,
        nextRunAt: new Date(now.getTime() + ROUND_INTERVAL_MS),
        failures: 0,
        lastError: null,
      });
      break;
    }
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    const failures = cursor.failures + 1;
    // 410 Gone: the delta token expired; the next round starts from the beginning.
    const restart = error instanceof GraphError && error.status === 410;
    await saveCursor(ctx, {
      ...(restart ? { link: null, inRound: false } : {}),
      lastRunAt: now,
      failures,
      lastError: report.error.slice(0, 500),
      nextRunAt: new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, 5 * 60_000 * 2 ** (failures - 1))),
    });
  }
  return report;
}

async function saveCursor({ db, companyId }: SystemContext, patch: Partial<DirectorySync>) {
  await db.update(directorySync).set(patch).where(eq(directorySync.companyId, companyId));
}

async function inChunks<T, R>(values: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < values.length; i += 90) out.push(...(await run(values.slice(i, i + 90))));
  return out;
}

async function applyPage(env: SyncEnv, ctx: SystemContext, cursor: DirectorySync, page: DeltaUser[], photoBudget: { left: number }) {
  const { db, companyId, now } = ctx;
  const [company] = await db.select({ tenantId: companies.azureAdTenantId }).from(companies).where(eq(companies.id, companyId)).limit(1);
  // The firm disconnected or changed directories meanwhile: nothing of this page applies.
  if (company?.tenantId !== cursor.tenantId) return { updated: 0, removed: 0, photos: 0 };

  const ids = page.map((u) => u.id);
  const mails = page.map(mailOf).filter((m): m is string => Boolean(m));
  const linked = await inChunks(ids, (chunk) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), inArray(users.azureAdId, chunk))),
  );
  const unlinked = await inChunks(mails, (chunk) =>
    db
      .select()
      .from(users)
      .where(and(eq(users.companyId, companyId), isNull(users.azureAdId), inArray(users.email, chunk))),
  );
  const companyGroups = await db.select({ id: groups.id, ssoIdentifiers: groups.ssoIdentifiers }).from(groups).where(eq(groups.companyId, companyId));
  const companyOffices = await db
    .select({ id: offices.id, groupId: offices.groupId })
    .from(offices)
    .where(eq(offices.companyId, companyId))
    .orderBy(asc(offices.name));

  const statements: BatchItem<"sqlite">[] = [];
  let updated = 0;
  let removed = 0;
  let photos = 0;
  const changed: string[] = [];
  for (const entry of page) {
    const person = linked.find((u) => u.azureAdId === entry.id) ?? (entry["@removed"] ? undefined : unlinked.find((u) => u.email === mailOf(entry)));
    if (!person) continue;
    const where: SQL = and(eq(users.id, person.id), eq(users.companyId, companyId))!;
    if (entry["@removed"]) {
      if (!person.directoryRemovedAt) {
        statements.push(db.update(users).set({ directoryRemovedAt: now }).where(where), audit(ctx, "directory-removed", "user", person.id));
        removed += 1;
        changed.push(person.id);
      }
      continue;
    }
    const patch: Partial<typeof users.$inferInsert> = {};
    if (person.azureAdId !== entry.id) patch.azureAdId = entry.id;
    if (person.directoryRemovedAt) patch.directoryRemovedAt = null;
    if (entry.displayName && entry.displayName.trim() && entry.displayName.trim() !== person.name)
      patch.name = entry.displayName.trim().slice(0, 200);
    if (entry.jobTitle !== undefined && (entry.jobTitle ?? "").trim() !== person.title) patch.title = (entry.jobTitle ?? "").trim().slice(0, 200);
    if (entry.department && !person.companyAdmin) {
      const department = entry.department.trim().toLowerCase();
      const group = companyGroups.find((g) => g.ssoIdentifiers.some((s) => s.trim().toLowerCase() === department));
      if (group && group.id !== person.groupId) {
        patch.groupId = group.id;
        const officeStays = companyOffices.some((o) => o.id === person.officeId && o.groupId === group.id);
        if (!officeStays) patch.officeId = companyOffices.find((o) => o.groupId === group.id)?.id ?? null;
      }
    }
    // A picture the person uploaded themselves stays; a directory picture follows the directory.
    const ownPicture = person.profilePicture && !person.profilePicture.startsWith(`${INTERNAL_PICTURE_MARKER}${ENTRA_PICTURE}`);
    if (!ownPicture && photoBudget.left > 0) {
      photoBudget.left -= 1;
      const picture = await syncPhoto(env, cursor.tenantId, entry.id, person.id, companyId, person.profilePicture);
      if (picture !== undefined) {
        patch.profilePicture = picture;
        photos += 1;
      }
    }
    if (Object.keys(patch).length === 0) continue;
    statements.push(db.update(users).set(patch).where(where), audit(ctx, "directory-sync", "user", person.id, { fields: Object.keys(patch) }));
    updated += 1;
    changed.push(person.id);
  }
  for (let i = 0; i < statements.length; i += 50) {
    const chunk = statements.slice(i, i + 50);
    await db.batch(chunk as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  // Open browsers of the firm see the new names, titles, teams and pictures, as after an admin's change.
  for (const userId of changed) await publishUserUpdate(ctx, userId);
  return { updated, removed, photos };
}

function mailOf(entry: DeltaUser): string | null {
  const mail = entry.mail || entry.userPrincipalName;
  return mail && mail.includes("@") ? mail.trim().toLowerCase() : null;
}

/**
 * The person's directory photo into R2, named after its content: the same photo again
 * changes nothing (undefined); none in the directory clears a directory picture (null).
 */
async function syncPhoto(env: SyncEnv, tenantId: string, directoryId: string, userId: string, companyId: string, current: string | null) {
  const bytes = await fetchPhoto(env.config, tenantId, directoryId);
  if (!bytes) return current ? null : undefined;
  const type = sniffImageType(bytes);
  if (!type || bytes.length > MAX_PICTURE_BYTES) return undefined;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hash = Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
  const file = pictureFile(userId, hash, type, true);
  const stored = `${INTERNAL_PICTURE_MARKER}${file}`;
  if (stored === current) return undefined;
  await env.files.put(`${PICTURE_PREFIX}${file}`, bytes, {
    httpMetadata: { contentType: type, cacheControl: "public, max-age=31536000, immutable" },
    customMetadata: { companyId, userId },
  });
  if (current?.startsWith(`${INTERNAL_PICTURE_MARKER}${ENTRA_PICTURE}`)) {
    await env.files.delete(`${PICTURE_PREFIX}${current.slice(INTERNAL_PICTURE_MARKER.length)}`);
  }
  return stored;
}
