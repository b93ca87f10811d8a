import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { companies, companyDomains } from "~/db/schema";
import { auditRow } from "~/domain/audit.server";
import { NotFoundError, ValidationError } from "~/domain/errors";
import { onEveryShard, onFirmShard, type OperatorContext } from "~/domain/operator/operator.server";
import { domainStatuses, isFreeMailDomain } from "./domain-verification.server";

/**
 * The operator's side of domain verification (issue 26, item 1; decision 0250): a firm that
 * cannot publish a DNS record (its IT is slow, the domain sits with a registrar it does not
 * control) asks the installation's operator, who checks ownership another way and approves
 * the claim. An approval counts like a DNS proof for login routing and SSO provisioning and
 * survives the cron's re-checks; withdrawing it leaves the claim to its DNS record. Free-mail
 * domains are never approved.
 */
export const DOMAIN_APPROVAL_ENTITY = "DomainApprovalInputErrors";

export const domainApprovalSchema = z.object({
  domain: z.string({ error: "Needs to be a domain." }).trim().toLowerCase().min(1, "Needs to be a domain.").max(253, "Needs to be a domain."),
  approved: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: "Needs to be true or false." }),
  ),
});

/** Every firm's claims, the ones still waiting first, then by firm and domain. */
export async function listDomainClaims(operator: OperatorContext) {
  const rows = (
    await onEveryShard(operator, async (ctx, livesHere) =>
      (
        await ctx.db
          .select({ claim: companyDomains, firm: companies.name })
          .from(companyDomains)
          .innerJoin(companies, eq(companies.id, companyDomains.companyId))
          .orderBy(asc(companies.name), asc(companyDomains.domain))
      ).filter((row) => livesHere(row.claim.companyId)),
    )
  ).sort((a, b) => (a.firm < b.firm ? -1 : a.firm > b.firm ? 1 : a.claim.domain < b.claim.domain ? -1 : a.claim.domain > b.claim.domain ? 1 : 0));
  const statuses = domainStatuses(rows.map((row) => row.claim));
  return statuses
    .map((status, i) => ({
      ...status,
      companyId: rows[i].claim.companyId,
      companyName: rows[i].firm,
      claimedAt: rows[i].claim.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(a.state === "verified") - Number(b.state === "verified"));
}

export async function setDomainApproval(operator: OperatorContext, input: z.infer<typeof domainApprovalSchema>) {
  // The claiming firm's shard, from the directory, which knows every claim (decision 0313).
  const claimant = await operator.env.DIRECTORY.prepare("select company_id as companyId from domains where domain = ?")
    .bind(input.domain)
    .first<{ companyId: string }>();
  const ctx = claimant ? await onFirmShard(operator, claimant.companyId) : operator;
  const [claim] = await ctx.db.select().from(companyDomains).where(eq(companyDomains.domain, input.domain)).limit(1);
  if (!claim) throw new NotFoundError("No firm claims this domain.");
  if (input.approved && isFreeMailDomain(claim.domain)) {
    throw new ValidationError(DOMAIN_APPROVAL_ENTITY, { domain: `${claim.domain} is a public e-mail service: it cannot be a firm's domain.` });
  }
  if (input.approved && claim.verifiedAt) {
    if (claim.verifiedBy === "dns") return { message: `${claim.domain} is already verified by its DNS record.` };
    return { message: `${claim.domain} is already verified.` };
  }
  if (!input.approved && claim.verifiedBy !== "operator") {
    return { message: `${claim.domain} was not approved by an operator.` };
  }
  const set = input.approved
    ? { verifiedAt: ctx.now, verifiedBy: "operator" }
    : // Withdrawn: the claim waits for its DNS record again (the cron checks it within the hour).
      { verifiedAt: null, verifiedBy: null, checkedAt: null };
  await ctx.db.batch([
    ctx.db
      .update(companyDomains)
      .set(set)
      .where(
        and(
          eq(companyDomains.domain, claim.domain),
          eq(companyDomains.companyId, claim.companyId),
          input.approved ? isNull(companyDomains.verifiedAt) : undefined,
        ),
      ),
    auditRow(ctx.db, {
      companyId: claim.companyId,
      actorId: ctx.actor.user.id,
      action: input.approved ? "operator-approve-domain" : "operator-withdraw-domain",
      entityType: "company",
      entityId: claim.companyId,
      data: { domain: claim.domain, operator: ctx.actor.user.email },
      at: ctx.now,
    }),
  ]);
  return { message: input.approved ? `${claim.domain} approved.` : `Approval of ${claim.domain} withdrawn.` };
}
