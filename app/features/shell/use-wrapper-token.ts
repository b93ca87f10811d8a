import { useEffect } from "react";
import { sessionTag, tokenSessionId, WRAPPER_SESSION_KEY, wrapperHandler } from "~/lib/wrapper-token";

let handing = false;

/**
 * In the iOS wrapper's web view, hands the wrapper a bearer token of this session once per
 * session (lib/wrapper-token.ts). The token comes from POST /api/v2/account/token/new, which
 * rotates the session and gives the page the new session's cookie too: page and wrapper then
 * share one session, and signing out in either ends both. Nothing happens in a browser.
 */
export function useWrapperToken(currentTag: string) {
  useEffect(() => {
    const handler = wrapperHandler();
    if (!handler) return;
    if (localStorage.getItem(WRAPPER_SESSION_KEY) === currentTag || handing) return;
    // Once rotated, the token is always handed over (an effect run again meanwhile waits for it).
    handing = true;
    (async () => {
      const response = await fetch("/api/v2/account/token/new", {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const { token } = (await response.json()) as { token: string };
      const sid = tokenSessionId(token);
      if (!sid) return;
      localStorage.setItem(WRAPPER_SESSION_KEY, await sessionTag(sid));
      handler.postMessage({ type: "token", token });
    })()
      .catch((error) => console.error("handing the token to the app failed", error))
      .finally(() => {
        handing = false;
      });
  }, [currentTag]);
}

/** Signing out: the wrapper forgets its token too. */
export function tellWrapperSignedOut() {
  const handler = wrapperHandler();
  if (!handler) return;
  localStorage.removeItem(WRAPPER_SESSION_KEY);
  handler.postMessage({ type: "token", token: null });
}
