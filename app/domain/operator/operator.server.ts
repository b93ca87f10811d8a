import { isLanguage } from "~/lib/i18n/catalogs.server";
import { UNKNOWN_LANGUAGE } from "~/domain/users/language.server";
import { count, eq } from "drizzle-orm";
import { auditRow } from "../audit.server";
import type { Actor } from "~/auth/actor.types";
import { auditLog, companies, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import type { Env } from "~/env";
import { shardOfCompany } from "~/db/routing.server";
import { shardDb, shardsOf } from "~/db/shards.server";
import { placeFirm } from "~/domain/installation/shards.server";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { inviteUser } from "~/domain/identity/invite.server";
import { ADDRESS_UNAVAILABLE } from "~/domain/identity/address-standing.server";
import type { Mailer } from "~/domain/identity/mailer.server";
import { readCompanySettings } from "../company/settings.schema";
import { NotFoundError, ValidationError } from "../errors";
import type { OperatorCompanyCreateInput, OperatorCompanyUpdateInput } from "./operator.schema";

/**
 * The operator console: firms of the whole installation. These functions cross company
 * boundaries on purpose, so they only accept a context made by `operatorCtx`, which the
 * route builds after `requireOperator` (OPERATOR_USER_IDS in OPERATIONS_COMPANY_ID) has let the person in.
 */
export interface OperatorContext extends DomainContext {
  readonly operator: true;
  /** The installation's bindings: firms live on several shards (decision 0313). */
  readonly env: Env;
}

export function operatorCtx(ctx: DomainContext, env: Env): OperatorContext {
  return { ...ctx, env, operator: true };
}

/**
 * A read across the installation: `read` runs on every shard at once, with the operator's
 * context on that shard, and the results are joined. `livesHere` says whether the directory
 * places a firm on that shard, so a firm whose rows are on two shards while it moves is
 * listed once (a firm the directory has not heard of yet counts where its rows are).
 */
export async function onEveryShard<T>(
  ctx: OperatorContext,
  read: (shard: OperatorContext, livesHere: (companyId: string) => boolean) => Promise<T[]>,
) {
  const where = await placements(ctx);
  const parts = await Promise.all(
    shardsOf(ctx.env).map((shard) => read({ ...ctx, db: shardDb(shard) }, (companyId) => (where.get(companyId) ?? shard.id) === shard.id)),
  );
  return parts.flat();
}

/** Where the directory places each firm: read once per operator context (a page's lists share it). */
const placed = new WeakMap<OperatorContext, Promise<Map<string, number>>>();

function placements(ctx: OperatorContext): Promise<Map<string, number>> {
  let where = placed.get(ctx);
  if (!where) {
    where = ctx.env.DIRECTORY.prepare("select company_id as companyId, shard from firms")
      .all<{ companyId: string; shard: number }>()
      .then((rows) => new Map(rows.results.map((row) => [row.companyId, row.shard])));
    placed.set(ctx, where);
  }
  return where;
}

/** The operator's context on the shard of one firm (one directory read, cached per isolate). */
export async function onFirmShard(ctx: OperatorContext, companyId: string): Promise<OperatorContext> {
  const id = await shardOfCompany(ctx.env, companyId);
  const shard = shardsOf(ctx.env).find((s) => s.id === id) ?? shardsOf(ctx.env)[0];
  return { ...ctx, db: shardDb(shard) };
}

/** Names in the order SQLite's `order by name` gave them (binary), across shards. */
export const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const EMAIL_TAKEN = "A user with this e-mail already exists.";

export async function listCompanies(ctx: OperatorContext) {
  const firms = await onEveryShard(ctx, async (shard, livesHere) => {
    const [rows, counts] = await shard.db.batch([
      shard.db.select({ id: companies.id, name: companies.name, settings: companies.settings }).from(companies),
      shard.db.select({ companyId: users.companyId, people: count() }).from(users).groupBy(users.companyId),
    ]);
    const people = new Map(counts.map((row) => [row.companyId, row.people]));
    return rows
      .filter((row) => livesHere(row.id))
      .map((row) => ({ _id: row.id, name: row.name, people: people.get(row.id) ?? 0, settings: readCompanySettings(row.settings) }));
  });
  return firms.sort(byName);
}

/**
 * A new firm and its first company administrator, invited through the same invite as
 * everywhere else (token, sign-up link in the outbox). The invite is sent in the new
 * firm's name, by the operator acting as its company administrator.
 */
export async function createCompanyWithAdmin(operator: OperatorContext, operatorMailer: Mailer, input: OperatorCompanyCreateInput) {
  // Addresses are unique across the installation: the directory knows every shard's.
  const taken = await operator.env.DIRECTORY.prepare("select 1 from people where email = ? limit 1")
    .bind(input.adminEmail.trim().toLowerCase())
    .first();
  if (taken) throw new ValidationError("OperatorCompanyInputErrors", { adminEmail: EMAIL_TAKEN });
  // The new firm goes to the shard with the most headroom (decision 0313): everything below is written there.
  const placedOn = await placeFirm(operator.env);
  const placed = shardsOf(operator.env).find((shard) => shard.id === placedOn) ?? shardsOf(operator.env)[0];
  const ctx: OperatorContext = { ...operator, db: shardDb(placed) };
  const mailer: Mailer = { ...operatorMailer, mail: { ...operatorMailer.mail, db: ctx.db } };
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(companies).values({ id, name: input.name, settings: "{}", createdAt: ctx.now, updatedAt: ctx.now }),
    auditRow(ctx.db, {
      companyId: id,
      actorId: ctx.actor.user.id,
      action: "operator-create-company",
      entityType: "company",
      entityId: id,
      data: { name: input.name, adminEmail: input.adminEmail, operator: ctx.actor.user.email },
      at: ctx.now,
    }),
  ]);
  const actingAdmin: Actor = {
    ...ctx.actor,
    user: {
      ...ctx.actor.user,
      companyAdmin: true,
      admin: false,
      administratorPriviliges: false,
      groupId: null,
      officeId: null,
      secondaryGroupId: null,
      secondaryOfficeId: null,
    },
    company: { id, name: input.name, allowGroupSelection: false, settings: readCompanySettings("{}") },
  };
  try {
    const admin = await inviteUser({ ...ctx, actor: actingAdmin, companyId: id }, mailer, {
      name: input.adminName,
      email: input.adminEmail,
      title: "",
      admin: false,
      companyAdmin: true,
    });
    // The directory hears of the firm and its administrator now, so the invite link routes at once.
    await flushDirectory(ctx.env, placed);
    return { _id: id, name: input.name, admin };
  } catch (error) {
    // No firm without its administrator: undo the company (its audit row goes with it).
    await ctx.db.batch([ctx.db.delete(auditLog).where(eq(auditLog.companyId, id)), ctx.db.delete(companies).where(eq(companies.id, id))]);
    // Taken since the check above: by a person of another firm, or claimed by one a moment ago (decision 0318).
    if (error instanceof Error && (error.message === EMAIL_TAKEN || error.message === ADDRESS_UNAVAILABLE))
      throw new ValidationError("OperatorCompanyInputErrors", { adminEmail: EMAIL_TAKEN });
    throw error;
  }
}

/** A firm's name and every feature switch, written together; the audit row keeps before and after. */
export async function updateCompanyAsOperator(operator: OperatorContext, companyId: string, input: OperatorCompanyUpdateInput) {
  const ctx = await onFirmShard(operator, companyId);
  const [before] = await ctx.db
    .select({ name: companies.name, settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!before) throw new NotFoundError("Company not found");
  if (!isLanguage(input.language)) throw new ValidationError("company", { language: UNKNOWN_LANGUAGE });
  const { name, ...settings } = input;
  const beforeSettings = readCompanySettings(before.settings);
  const changed = Object.fromEntries(Object.entries(settings).filter(([key, value]) => beforeSettings[key as keyof typeof beforeSettings] !== value));
  await ctx.db.batch([
    ctx.db
      .update(companies)
      .set({ name, settings: JSON.stringify(settings), updatedAt: ctx.now })
      .where(eq(companies.id, companyId)),
    auditRow(ctx.db, {
      companyId,
      actorId: ctx.actor.user.id,
      action: "operator-update-company",
      entityType: "company",
      entityId: companyId,
      data: { before: { name: before.name }, after: { name }, settings: changed, operator: ctx.actor.user.email },
      at: ctx.now,
    }),
  ]);
  return { _id: companyId, name, settings };
}
