import { ConflictError } from "~/domain/errors";

/**
 * The one place a database constraint error becomes a domain conflict. Checks before a
 * write ("is this e-mail free?") cannot see a concurrent write: when two requests pass the
 * check at once, the unique index decides and the loser must hear 409, never a 500 from D1.
 * The API (errorResponse) and the page forms (submitForm) both ask this.
 */
const UNIQUE_MESSAGES: Record<string, string> = {
  "users.email": "A user with this e-mail already exists.",
};
export const CHANGED_MEANWHILE = "Someone changed this at the same moment. Reload and try again.";

/** The messages of an error and its causes (drizzle wraps D1's error in DrizzleQueryError). */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages;
}

export function constraintConflict(error: unknown): ConflictError | null {
  for (const message of errorMessages(error)) {
    const unique = /UNIQUE constraint failed: ([\w.]+)/.exec(message);
    if (unique) return new ConflictError(UNIQUE_MESSAGES[unique[1]] ?? CHANGED_MEANWHILE);
    if (/FOREIGN KEY constraint failed|PRIMARY KEY constraint failed/.test(message)) return new ConflictError(CHANGED_MEANWHILE);
  }
  return null;
}
