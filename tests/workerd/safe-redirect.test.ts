import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/lib/safe-redirect";
import { BASE, createCompany, PASSWORD } from "./helpers";
import { SELF } from "cloudflare:test";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/groups?x=1#top", "/home")).toBe("/groups?x=1#top");
    expect(safeRedirect("/overview", "/home")).toBe("/overview");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "evil.example",
    "javascript:alert(1)",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("refuses values that are not strings", () => {
    expect(safeRedirect(null, "/home")).toBe("/home");
    expect(safeRedirect(undefined, "/home")).toBe("/home");
  });

  it("never sends a signed-in person off the site from /login", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    for (const redirectTo of ["/\t/evil.example", "/\\evil.example", "/%09/evil.example"]) {
      const response = await SELF.fetch(`${BASE}/login`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ email: user.email, password: PASSWORD, redirectTo }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "192.0.2.77" },
      });
      const location = response.headers.get("Location")!;
      expect(new URL(location, BASE).origin, redirectTo).toBe(new URL(BASE).origin);
    }
  });
});
