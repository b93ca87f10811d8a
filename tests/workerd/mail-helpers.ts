import { inject } from "vitest";
import { eq } from "drizzle-orm";
import { companies } from "~/db/schema";
import type { ReceivedMail } from "../fakes/smtp-server";
import { db } from "./helpers";

export const FAKE_SMTP = { user: "mailer", password: "secret" } as const;

/** Points the company's own SMTP settings at the loopback server (or another port). */
export async function useFakeSmtp(companyId: string, overrides: Partial<typeof companies.$inferInsert> = {}) {
  await db()
    .update(companies)
    .set({
      smtpHost: "127.0.0.1",
      smtpPort: inject("smtpPort"),
      smtpSender: "Firm Mail <mail@firm.test>",
      smtpSecure: false,
      smtpUser: FAKE_SMTP.user,
      smtpPassword: FAKE_SMTP.password,
      ...overrides,
    })
    .where(eq(companies.id, companyId));
}

/** What the loopback SMTP server received for `to` (every test uses its own addresses). */
export async function receivedFor(to: string): Promise<ReceivedMail[]> {
  const response = await fetch(`http://127.0.0.1:${inject("smtpControlPort")}/messages`);
  const all = (await response.json()) as ReceivedMail[];
  return all.filter((mail) => mail.to.includes(to.toLowerCase()));
}

/** Waits (3 s at most) until `count` messages for `to` have arrived. */
export async function waitForMail(to: string, count = 1): Promise<ReceivedMail[]> {
  const started = Date.now();
  for (;;) {
    const mails = await receivedFor(to);
    if (mails.length >= count || Date.now() - started > 3000) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A unique address for one test. */
export function uniqueAddress(label: string): string {
  return `${label}-${crypto.randomUUID().slice(0, 8)}@inbox.test`;
}
