import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { BASE } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const PEPPERS = "p1:a-production-pepper-0123456789";

function fetchAs(overrides: Record<string, unknown>, url = `${BASE}/login`) {
  return worker.fetch(new Request(url), { ...env, ...overrides } as never, createExecutionContext());
}

describe("an installation outside development", () => {
  it("answers every request with a clear 500 page and a log line when SESSION_SECRET is missing, never a fallback", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const path of ["/login", "/api/v2/users/me", "/dev/mailbox"]) {
      const response = await fetchAs({ APP_ENV: "production", SESSION_SECRET: undefined }, `${BASE}${path}`);
      expect(response.status, path).toBe(500);
      expect(await response.text()).toContain("This installation is not configured yet");
    }
    expect(log).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET is not set"));
  });

  it("answers the same 500 page when PASSWORD_PEPPERS is missing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await fetchAs({ APP_ENV: "production", SESSION_SECRET: "a-production-secret", PASSWORD_PEPPERS: undefined });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("This installation is not configured yet");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("PASSWORD_PEPPERS is not set"));
  });

  it("serves pages once the secrets are set", async () => {
    expect((await fetchAs({ APP_ENV: "production", SESSION_SECRET: "a-production-secret", PASSWORD_PEPPERS: PEPPERS })).status).toBe(200);
  });

  it("has no development mailbox", async () => {
    const response = await fetchAs(
      { APP_ENV: "production", SESSION_SECRET: "a-production-secret", PASSWORD_PEPPERS: PEPPERS },
      "http://localhost/dev/mailbox",
    );
    expect(response.status).toBe(404);
  });
});

describe("the development mailbox", () => {
  it("opens on a loopback host only", async () => {
    expect((await SELF.fetch("http://localhost/dev/mailbox")).status).toBe(200);
    expect((await SELF.fetch("http://127.0.0.1/dev/mailbox")).status).toBe(200);
    expect((await SELF.fetch("http://192.0.2.10/dev/mailbox")).status).toBe(404);
    expect((await SELF.fetch("http://planner.example.com/dev/mailbox")).status).toBe(404);
  });
});
