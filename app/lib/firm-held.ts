/**
 * A firm's writes are held for a few seconds while a move switches it to another shard
 * (decision 0314, 0311 §6.4). A write in that window is answered 503 with Retry-After and
 * X-Firm-Held: the web app's fetch sends it again (app/lib/firm-held-retry.ts), so a form keeps
 * what was typed; API clients retry after Retry-After.
 */
export const FIRM_HELD_HEADER = "X-Firm-Held";
export const FIRM_HELD_RETRY_SECONDS = 2;
export const FIRM_HELD_MESSAGE = "Your firm is being moved; please try again in a few seconds.";

export function firmHeldResponse(): Response {
  return new Response(JSON.stringify({ message: FIRM_HELD_MESSAGE }), {
    status: 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Retry-After": String(FIRM_HELD_RETRY_SECONDS),
      [FIRM_HELD_HEADER]: "1",
      "Cache-Control": "no-store",
    },
  });
}

/** A write refused by a shard's fence trigger (it raced the start of a hold): D1's error names it. */
export function isFirmHeldError(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof Error && e.message.includes("firm_held")) return true;
  }
  return false;
}
