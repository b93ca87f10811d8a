/**
 * The iOS wrapper's token (spec: accounts-and-admin.md, "Session": storing a token "hands
 * the token to the native wrapper"; decision 0303). When the web app runs in the
 * wrapper's web view, the wrapper offers a WKScriptMessageHandler named `availability`; after a
 * sign-in in the web view the page sends it `{ type: "token", token }`, a bearer token of
 * the same session as the page's cookie, so the wrapper keeps the person signed in across
 * restarts (it hands the session back through /login/handoff). Signing out sends
 * `{ type: "token", token: null }`.
 */
export const WRAPPER_HANDLER = "availability";
/** localStorage: the tag of the session whose token the wrapper was last given. */
export const WRAPPER_SESSION_KEY = "availability:wrapper-session";

export type WrapperMessage = { type: "token"; token: string | null };

interface WrapperWindow {
  webkit?: { messageHandlers?: Record<string, { postMessage(message: WrapperMessage): void } | undefined> };
}

/** The wrapper's handler, or null in a browser. */
export function wrapperHandler(): { postMessage(message: WrapperMessage): void } | null {
  if (typeof window === "undefined") return null;
  return (window as unknown as WrapperWindow).webkit?.messageHandlers?.[WRAPPER_HANDLER] ?? null;
}

/**
 * A session's tag: the first 16 hex digits of the SHA-256 of its id. The page learns which
 * session it is in without the id itself (the cookie stays the only holder of it).
 */
export async function sessionTag(sessionId: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(sessionId));
  return [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The session id (`sid`) inside a bearer token's payload (read, not verified: the server signed it a moment ago). */
export function tokenSessionId(token: string): string | null {
  try {
    const part = token.split(".")[1];
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === "string" ? sid : null;
  } catch {
    return null;
  }
}
