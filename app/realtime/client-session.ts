/**
 * A random id for this browser tab, sent with every write as `sessionId` so the tab can
 * recognise and ignore the echo of its own changes coming back through the company room.
 */
let tabId: string | null = null;

export function clientSessionId(): string {
  if (typeof window === "undefined") return "";
  if (tabId) return tabId;
  try {
    tabId = window.sessionStorage.getItem("availability.tab") ?? null;
    if (!tabId) {
      tabId = crypto.randomUUID();
      window.sessionStorage.setItem("availability.tab", tabId);
    }
  } catch {
    tabId = crypto.randomUUID();
  }
  return tabId;
}
