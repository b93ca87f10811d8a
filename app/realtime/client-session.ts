/**
 * A random id for this page load of a browser tab, sent with every write so the tab can
 * recognise and ignore the echo of its own changes coming back through the company room: as
 * the `Availability-Tab` header on every same-origin write (withClientTab, so page actions
 * carry it too), and as `sessionId` by API clients and the fetchers that sent it before the
 * header. Kept in memory only: a duplicated tab copies sessionStorage, and two tabs with one
 * id would each ignore the other's changes. After a reload, the echo of a write made just
 * before it is heard once (a refetch, no harm).
 */
let tabId: string | null = null;

export const CLIENT_TAB_HEADER = "Availability-Tab";

export function clientSessionId(): string {
  if (typeof window === "undefined") return "";
  // getRandomValues, not randomUUID: the latter is missing outside a secure context (a firm's own http host).
  tabId ??= Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return tabId;
}

/** The browser's fetch, naming this tab on each same-origin write (a form post, a fetcher's submit). */
export function withClientTab(send: typeof fetch, origin: string, tab: () => string = clientSessionId): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    if (request.method === "GET" || request.method === "HEAD" || new URL(request.url).origin !== origin || request.headers.has(CLIENT_TAB_HEADER))
      return send(input, init);
    request.headers.set(CLIENT_TAB_HEADER, tab());
    return send(request as unknown as Parameters<typeof fetch>[0]);
  };
}

/** The tab a request names, if it names one plainly (an id of ours is 32 hex digits; at most 64 safe characters). */
export function clientTabOf(request: Request): string | null {
  const tab = request.headers.get(CLIENT_TAB_HEADER);
  return tab && /^[A-Za-z0-9_-]{1,64}$/.test(tab) ? tab : null;
}
