import { desc, eq } from "drizzle-orm";
import { emailOutbox } from "~/db/schema";
import { api, db } from "./helpers";

export async function send(method: string, path: string, token?: string, json?: unknown) {
  const response = await api(`/api/v2${path}`, { method, token, json: json ?? (method === "GET" ? undefined : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** The newest outbox message to `to`. */
export async function lastMailTo(to: string) {
  const [row] = await db()
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to.toLowerCase()))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

/** The secret of the newest link of `kind` mailed to `to`. */
export async function mailedSecret(to: string, kind: "signup" | "reset"): Promise<string> {
  const mail = await lastMailTo(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  // The secret carries its firm in front (decision 0313): {companyId}.{secret}.
  const match = new RegExp(`/${kind}/((?:[0-9a-f]{24}\\.)?[A-Za-z0-9_-]+)`).exec(mail.textBody);
  if (!match) throw new Error(`no ${kind} link in the mail to ${to}`);
  return match[1];
}
