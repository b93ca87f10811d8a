import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSKEY_REFUSED } from "~/domain/identity/passkeys.schema";
import { PASSKEY_NEEDS_HOST_NAME } from "~/domain/identity/passkeys.server";
import { cookieFor, createCompany, page } from "./helpers";

function postJson(path: string, body: unknown, cookie = "") {
  return page(path, {
    method: "POST",
    body: new URLSearchParams({ payload: JSON.stringify(body) }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: "http://localhost" },
  });
}

describe("passkeys", () => {
  it("answers registration options with the request's host as the relying party, and the ceremony in a cookie", async () => {
    const { createUser } = await createCompany();
    const user = await createUser("employee");
    const cookie = await cookieFor(user.email);
    const response = await postJson("/resources/passkeys", { intent: "options" }, cookie);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const options = JSON.parse(text) as { rp: { id: string }; challenge: string; authenticatorSelection: { userVerification: string } };
    expect(options.rp.id).toBe("localhost");
    expect(options.authenticatorSelection.userVerification).toBe("required");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__webauthn=/);
  });
});

describe("passkey sign-in", () => {
  it("answers sign-in options that require user verification, and refuses an answer without this browser's ceremony", async () => {
    const options = await postJson("/login/passkey", { intent: "options" });
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({ rpId: "localhost", userVerification: "required", allowCredentials: [] });
    const refused = await postJson("/login/passkey", {
      intent: "verify",
      response: { id: "abc", rawId: "abc", type: "public-key", response: {}, clientExtensionResults: {} },
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: PASSKEY_REFUSED });
  });
});

describe("what the browser's passkey calls meet", () => {
  it("refuses a JSON body on these page routes before they run (the browser posts the form's payload)", async () => {
    const response = await page("/login/passkey", {
      method: "POST",
      body: JSON.stringify({ intent: "options" }),
      headers: { "Content-Type": "application/json", Origin: "http://localhost" },
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toBe("Send the form as a form.");
  });

  it("says so when the site is reached by an IP address, which no browser takes as a relying party", async () => {
    const { createUser } = await createCompany();
    const cookie = await cookieFor((await createUser("employee")).email);
    for (const path of ["/login/passkey", "/resources/passkeys"]) {
      const response = await SELF.fetch(`http://127.0.0.1${path}`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ payload: JSON.stringify({ intent: "options" }) }),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1", Cookie: cookie },
      });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ message: PASSKEY_NEEDS_HOST_NAME });
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });
});
