/**
 * The latest instant at or before `now` that is 09:30 on a Monday to Friday in `zone`: the
 * reminders go in the person's 09:00 hour on their working days (decision 0170), so a cron run
 * scheduled then reminds them. Found by stepping back in 5-minute steps (at most 4 days). The
 * reminder specs (reminders, web-push, mail-languages) fire the cron at this same morning, so
 * whichever runs first, the others find the same mails.
 */
export function lastWorkingMorning(zone: string, now = Date.now()): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  let t = now - (now % 300_000);
  for (let i = 0; i < 4 * 288; i++, t -= 300_000) {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    if (!["Sat", "Sun"].includes(p.weekday) && p.hour === "09" && p.minute === "30") return t;
  }
  throw new Error(`no working-day 09:30 in ${zone} in the last four days`);
}
