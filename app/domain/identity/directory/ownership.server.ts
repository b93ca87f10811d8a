import { eq } from "drizzle-orm";
import { directorySync } from "~/db/schema";
import type { FirmScope } from "~/domain/context";

/**
 * Who owns a person's name and title (decision 0272): while the firm is connected to the
 * Microsoft directory and the person is linked to it, the directory does; the sync brings
 * them and /settings shows them read-only. Anyone else edits their own.
 */
export const DIRECTORY_OWNED_FIELDS = ["name", "title"] as const;

/** The field error for an edit the directory would undo at its next round. */
export const OWNED_BY_DIRECTORY = "Comes from the Microsoft directory; ask your administrator to change it there.";

export async function directoryOwnsProfile(scope: FirmScope, person: { azureAdId: string | null }): Promise<boolean> {
  if (!person.azureAdId) return false;
  const [connected] = await scope.db
    .select({ companyId: directorySync.companyId })
    .from(directorySync)
    .where(eq(directorySync.companyId, scope.companyId))
    .limit(1);
  return Boolean(connected);
}

/** The same for an administrator editing the person on the users pages. */
export const OWNED_BY_DIRECTORY_FOR_ADMINS = "Comes from the Microsoft directory: change it there, and the next sync brings it here.";

/** The owned fields an update would change, each with its field error. */
export function directoryRefusals(
  current: { name: string; title: string },
  input: { name?: string; title?: string },
  message = OWNED_BY_DIRECTORY,
): Partial<Record<(typeof DIRECTORY_OWNED_FIELDS)[number], string>> {
  const refused: Partial<Record<(typeof DIRECTORY_OWNED_FIELDS)[number], string>> = {};
  for (const field of DIRECTORY_OWNED_FIELDS) {
    const value = input[field];
    if (value !== undefined && value.trim() !== (current[field] ?? "").trim()) refused[field] = message;
  }
  return refused;
}
