import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, updateReminders, users } from "~/db/schema";
import { sendUpdateReminders } from "~/domain/reminders/reminders.server";
import { api, createCompany, db, reminderMorning, runtime } from "./helpers";

const DAY = 86_400_000;
const now = reminderMorning();
const ago = (days: number) => new Date(now.getTime() - days * DAY);

let people: Record<string, { id: string; email: string }>;

beforeAll(async () => {
  const firm = await createCompany("Reminder Firm");
  const hidden = await createCompany("Hidden Reminders", { hideUpdateRemindersSetting: true });
  people = {
    stale: await firm.createUser("employee", { name: "Stale Sam", updateReminders: 7, lastUpdated: ago(4) }),
    off: await firm.createUser("employee", { updateReminders: 0, lastUpdated: ago(10) }),
    fresh: await firm.createUser("employee", { updateReminders: 7, lastUpdated: ago(1) }),
    away: await firm.createUser("employee", { updateReminders: 7, lastUpdated: ago(10), onLeave: true }),
    admin: await firm.createUser("administrator", { updateReminders: 7, lastUpdated: ago(10) }),
    never: await firm.createUser("employee", { updateReminders: 7, lastUpdated: null, createdAt: ago(10) }),
    invited: await firm.createUser("invited", { updateReminders: 7, createdAt: ago(10) }),
    hiddenFirm: await hidden.createUser("employee", { updateReminders: 7, lastUpdated: ago(10) }),
  };
});

const mailsTo = async (email: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
const remindersOf = (userId: string) => db().select().from(updateReminders).where(eq(updateReminders.userId, userId));

/** The link of one answer in a reminder's plain-text body, as a path. */
function linkFor(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`${label}: `))!;
  return new URL(line.slice(label.length + 2)).pathname + new URL(line.slice(label.length + 2)).search;
}

const page = (path: string, method = "GET") =>
  api(path, {
    method,
    headers: method === "POST" ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
    body: method === "POST" ? "" : undefined,
  });

describe("update reminders", () => {
  it("mails only people with reminders on, three days without an update, completed, not away and not admins", async () => {
    expect(await sendUpdateReminders(runtime(), now)).toBe(2);
    const reminded = await db()
      .select({ userId: updateReminders.userId })
      .from(updateReminders)
      .where(
        inArray(
          updateReminders.userId,
          Object.values(people).map((p) => p.id),
        ),
      );
    expect(reminded.map((r) => r.userId).sort()).toEqual([people.stale.id, people.never.id].sort());
    // Each reminder is the system's act, audited in its batch.
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "update-reminder"), inArray(auditLog.entityId, [people.stale.id, people.never.id])));
    expect(audited.map((row) => [row.actorId, (row.data as { source: string }).source]).sort()).toEqual([
      [null, "reminders"],
      [null, "reminders"],
    ]);
    const [mail] = await mailsTo(people.stale.email);
    expect(mail.subject).toBe("How busy are you this week?");
    for (const label of ["Available", "Some availability", "Busy", "Seriously busy", "Away"]) expect(mail.textBody).toContain(`${label}: http`);
    expect(mail.htmlBody).toContain(">Seriously busy</a>");
  });

  it("sends no second reminder within the window, and none at weekends", async () => {
    expect(await sendUpdateReminders(runtime(), now)).toBe(0);
    // Two days on, only the person who updated yesterday has reached three days.
    expect(await sendUpdateReminders(runtime(), new Date(now.getTime() + 2 * DAY))).toBe(1);
    expect(await remindersOf(people.fresh.id)).toHaveLength(1);
    const saturday = new Date(Date.UTC(2026, 10, 28, 9));
    expect(await sendUpdateReminders(runtime(), saturday)).toBe(0);
    expect(await mailsTo(people.stale.email)).toHaveLength(1);
    // A week on, still no update: one more reminder each.
    expect(await sendUpdateReminders(runtime(), new Date(now.getTime() + 7 * DAY))).toBe(3);
    await db()
      .delete(updateReminders)
      .where(inArray(updateReminders.sentAt, [new Date(now.getTime() + 7 * DAY), new Date(now.getTime() + 2 * DAY)]));
  });

  it("answers from the mail without signing in: the link shows the answer, the button sets it, once", async () => {
    const [mail] = await mailsTo(people.stale.email);
    const busy = linkFor(mail.textBody, "Busy");
    const opened = await page(busy);
    expect(opened.status).toBe(200);
    const html = await opened.text();
    expect(html).toContain("Set your current workload to Busy?");
    // Opening the link (a mail scanner does) changed nothing.
    expect((await db().select().from(users).where(eq(users.id, people.stale.id)))[0].currentWorkload).toBeNull();

    const answered = await page(busy, "POST");
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain("Your workload is now Busy.");
    const [me] = await db().select().from(users).where(eq(users.id, people.stale.id));
    expect(me.currentWorkload).toBe(2);
    expect(me.lastUpdated!.getTime()).toBeGreaterThan(now.getTime() - 60_000);

    // Every button of that mail is now spent.
    const again = await page(linkFor(mail.textBody, "Away"), "POST");
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("This reminder has already been answered.");
    expect((await db().select().from(users).where(eq(users.id, people.stale.id)))[0].onLeave).toBe(false);
    expect((await remindersOf(people.stale.id))[0]).toMatchObject({ answer: "2" });
  });

  it("refuses a changed link and an expired one", async () => {
    const [mail] = await mailsTo(people.never.email);
    const away = linkFor(mail.textBody, "Away");
    const forged = await page(away.replace("/away?", "/0?"), "POST");
    expect(forged.status).toBe(404);
    expect(await forged.text()).toContain("This link is not valid.");
    const [reminder] = await remindersOf(people.never.id);
    await db()
      .update(updateReminders)
      .set({ sentAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(updateReminders.id, reminder.id));
    const expired = await page(away, "POST");
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("This link has expired");
    const [me] = await db().select().from(users).where(eq(users.id, people.never.id));
    expect(me.onLeave).toBe(false);
    expect((await remindersOf(people.never.id))[0].answeredAt).toBeNull();
  });
});

describe("reminders in the person's language (decision 0306)", () => {
  it("writes the mail in the person's own language, else their firm's", async () => {
    const swedishFirm = await createCompany("Svensk Byrå", { language: "sv" });
    const sara = await swedishFirm.createUser("employee", { name: "Sara Sund", updateReminders: 7, lastUpdated: ago(10) });
    const english = await swedishFirm.createUser("employee", { name: "Eve English", language: "en", updateReminders: 7, lastUpdated: ago(10) });
    // The same weekday morning two weeks on: both are due.
    await sendUpdateReminders(runtime(), new Date(now.getTime() + 14 * DAY));
    const [swedish] = await mailsTo(sara.email);
    expect(swedish.subject).toBe("Hur mycket har du att göra den här veckan?");
    expect(swedish.textBody).toContain("Hej Sara Sund!");
    for (const label of ["Tillgänglig", "Viss tillgänglighet", "Upptagen", "Mycket upptagen", "Borta"])
      expect(swedish.textBody).toContain(`${label}: http`);
    expect(swedish.textBody).toContain("Stäng av påminnelserna under Inställningar: http");
    expect(swedish.htmlBody).toContain('<html lang="sv">');
    expect(swedish.htmlBody).toContain(">Mycket upptagen</a>");
    const [englishMail] = await mailsTo(english.email);
    expect(englishMail.subject).toBe("How busy are you this week?");
    expect(englishMail.textBody).toContain("Hi Eve English,");
  });
});
