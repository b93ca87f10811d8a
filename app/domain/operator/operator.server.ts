import { isLanguage } from "~/lib/i18n/catalogs.server";
import { UNKNOWN_LANGUAGE } from "~/domain/users/language.server";
import { count, eq } from "drizzle-orm";
import { auditRow } from "../audit.server";
import type { Actor } from "~/auth/actor.types";
import { auditLog, companies, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { inviteUser } from "~/domain/identity/invite.server";
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
}

export function operatorCtx(ctx: DomainContext): OperatorContext {
  return { ...ctx, operator: true };
}

const EMAIL_TAKEN = "A user with this e-mail already exists.";

export async function listCompanies(ctx: OperatorContext) {
  const [rows, counts] = await Promise.all([
    ctx.db
      .select({ id: companies.id, name: companies.name, settings: companies.settings, createdAt: companies.createdAt })
      .from(companies)
      .orderBy(companies.name),
    ctx.db.select({ companyId: users.companyId, people: count() }).from(users).groupBy(users.companyId),
  ]);
  const people = new Map(counts.map((row) => [row.companyId, row.people]));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    people: people.get(row.id) ?? 0,
    settings: readCompanySettings(row.settings),
  }));
}

/**
 * A new firm and its first company administrator, invited through the same invite as
 * everywhere else (token, sign-up link in the outbox). The invite is sent in the new
 * firm's name, by the operator acting as its company administrator.
 */
export async function createCompanyWithAdmin(ctx: OperatorContext, mailer: Mailer, input: OperatorCompanyCreateInput) {
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.adminEmail)).limit(1);
  if (taken) throw new ValidationError("OperatorCompanyInputErrors", { adminEmail: EMAIL_TAKEN });
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
    return { _id: id, name: input.name, admin };
  } catch (error) {
    // No firm without its administrator: undo the company (its audit row goes with it).
    await ctx.db.batch([ctx.db.delete(auditLog).where(eq(auditLog.companyId, id)), ctx.db.delete(companies).where(eq(companies.id, id))]);
    if (error instanceof Error && error.message === EMAIL_TAKEN) throw new ValidationError("OperatorCompanyInputErrors", { adminEmail: EMAIL_TAKEN });
    throw error;
  }
}

/** A firm's name and every feature switch, written together; the audit row keeps before and after. */
export async function updateCompanyAsOperator(ctx: OperatorContext, companyId: string, input: OperatorCompanyUpdateInput) {
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
