import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { audit } from "~/domain/audit.server";
import type { DomainContext } from "~/domain/context";
import { ValidationError } from "~/domain/errors";
import { isLanguage } from "~/lib/i18n/catalogs.server";

export const UNKNOWN_LANGUAGE = "Choose a language from the list.";

/**
 * The person's language (decision 0306): a catalog's code, or null to follow their browser
 * and then their firm. Anything else changes nothing.
 */
export async function setOwnLanguage(ctx: DomainContext, language: string | null): Promise<void> {
  if (language !== null && !isLanguage(language)) throw new ValidationError("user", { language: UNKNOWN_LANGUAGE }, UNKNOWN_LANGUAGE);
  const previous = ctx.actor.user.language ?? null;
  if (previous === language) return;
  await ctx.db.batch([
    ctx.db.update(users).set({ language, updatedAt: ctx.now }).where(eq(users.id, ctx.actor.user.id)),
    audit(ctx, "set-language", "user", ctx.actor.user.id, { from: previous, to: language }),
  ]);
}
