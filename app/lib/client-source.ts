/**
 * Which client a browser session is (spec: workload writes carry web_app, ios_app or
 * teams_app_{client}): a cookie the iOS wrapper's hand-off (/login?token=) and the Teams tab's
 * sign-in set, read by the page actions that record where a write came from.
 */
export const CLIENT_SOURCE_COOKIE = "client_source";
const SOURCE = /^(web_app|ios_app|teams_app_[A-Za-z0-9_-]{1,40})$/;

export function clientSourceOf(request: Request): string {
  const cookies = request.headers.get("Cookie") ?? "";
  const value = cookies
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CLIENT_SOURCE_COOKIE}=`))
    ?.slice(CLIENT_SOURCE_COOKIE.length + 1);
  return value && SOURCE.test(value) ? value : "web_app";
}

/** The cookie's Set-Cookie value; inside the Teams frame (https) it must be SameSite=None and Partitioned. */
export function clientSourceCookie(source: string, { secure, embedded }: { secure: boolean; embedded: boolean }): string {
  const attributes = embedded && secure ? "SameSite=None; Secure; Partitioned" : `SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${CLIENT_SOURCE_COOKIE}=${SOURCE.test(source) ? source : "web_app"}; Path=/; Max-Age=${14 * 86_400}; ${attributes}`;
}
