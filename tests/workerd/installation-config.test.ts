import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { eq } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { sendUpdateReminders } from "~/domain/reminders/reminders.server";
import { appOrigin } from "~/lib/app-origin.server";
import { BASE, createCompany, db, reminderMorning, runtime } from "./helpers";
import type { Env } from "~/env";

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

describe("the installation's address (APP_URL)", () => {
  it("starts links at APP_URL, else at the request's origin, and falls back to the local server in development only", () => {
    const request = new Request("https://firm.example/login");
    expect(appOrigin({ APP_ENV: "production", APP_URL: "https://eu.availability.example/" }, request)).toBe("https://eu.availability.example");
    expect(appOrigin({ APP_ENV: "production", APP_URL: "https://eu.availability.example" })).toBe("https://eu.availability.example");
    expect(appOrigin({ APP_ENV: "production" }, request)).toBe("https://firm.example");
    expect(appOrigin({ APP_ENV: "development" })).toBe("http://127.0.0.1:8787");
    expect(() => appOrigin({ APP_ENV: "production" })).toThrow("APP_URL is not configured");
  });

  it("sends no update reminder with a loopback link from a deployed installation without APP_URL", async () => {
    const firm = await createCompany("No Address Firm");
    const now = reminderMorning();
    const stale = await firm.createUser("employee", { updateReminders: 7, lastUpdated: new Date(now.getTime() - 4 * 86_400_000) });
    const production = { ...env, APP_ENV: "production", SESSION_SECRET: "a-production-secret", APP_URL: undefined };
    await expect(sendUpdateReminders({ ...runtime(), env: production as Env }, now)).rejects.toThrow("APP_URL is not configured");
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, stale.email))).toEqual([]);
  });
});
