import { and, eq, or, sql } from "drizzle-orm";
import { canSeeConfidentialMatter, isAdmin } from "~/auth/permissions";
import { matters, matterTimeEntries } from "~/db/schema";
import type { DomainContext } from "../context";

/**
 * Confidential matters (decision 0132): a matter flagged confidential in Elite 3E or by a
 * company admin shows its name and client only to admins and to the people who recorded
 * time on it. Everyone else gets CONFIDENTIAL_NAME and no client, wherever matters leave the
 * server: every function that returns a matter passes it through `presentMatter`, and
 * tests/workerd/confidential-matters.test.ts sweeps every call for the hidden names.
 */
export const CONFIDENTIAL_NAME = "Confidential matter";

export const confidentialSql = sql<number>`(${matters.confidentialSource} = 1 or ${matters.confidentialAdmin} = 1)`;

/**
 * The confidential matters the caller may read in full because they recorded time on them,
 * as one statement for the caller's batch (none needed for admins, who read all).
 */
export function openedConfidentialStatement(ctx: DomainContext) {
  return ctx.db
    .selectDistinct({ matterId: matterTimeEntries.matterId })
    .from(matterTimeEntries)
    .innerJoin(matters, eq(matters.id, matterTimeEntries.matterId))
    .where(
      and(
        eq(matterTimeEntries.companyId, ctx.companyId),
        eq(matterTimeEntries.userId, ctx.actor.user.id),
        eq(matters.companyId, ctx.companyId),
        or(eq(matters.confidentialSource, true), eq(matters.confidentialAdmin, true)),
      ),
    );
}

export interface MatterNames {
  id: string;
  displayName: string;
  clientDisplayName: string;
  confidentialSource: boolean;
  confidentialAdmin: boolean;
}

export interface PresentedNames {
  displayName: string;
  clientDisplayName: string;
  confidential: boolean;
}

/** What the caller may read of a matter's name and client. */
export function presentMatter(ctx: DomainContext, matter: MatterNames, opened: ReadonlySet<string>): PresentedNames {
  const confidential = matter.confidentialSource || matter.confidentialAdmin;
  if (!confidential || canSeeConfidentialMatter(ctx.actor.user, opened.has(matter.id))) {
    return { displayName: matter.displayName, clientDisplayName: matter.clientDisplayName, confidential };
  }
  return { displayName: CONFIDENTIAL_NAME, clientDisplayName: "", confidential };
}

/** The opened set from the statement's rows; admins open everything, so the set stays empty for them. */
export function openedSet(ctx: DomainContext, rows: { matterId: string }[]): ReadonlySet<string> {
  return isAdmin(ctx.actor.user) ? new Set() : new Set(rows.map((r) => r.matterId));
}
