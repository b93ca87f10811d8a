import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forecasts, statDays, statRollupState, statTeamDays, users, vacations, workloadHistory, workplacePlans } from "~/db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "~/db/batch";
import { userRow } from "~/db/factories";
import { REQUEST_PERSON_DAYS, ROLLUP_BACKFILL_DAYS, rollupCompanies, rollupCompany, rollupRange } from "~/domain/statistics/rollup.server";
import type { StatisticsResponse } from "~/domain/statistics/statistics.schema";
import { newId } from "~/lib/ids";
import { api, createCompany, db, runtime, systemFor, tokenFor } from "./helpers";

/**
 * The rollups kept up to date in bounded steps (decision 0200): a step resumes from the
 * company's cursor, writes to older history mark their day (migration 0022's triggers) and
 * the next steps roll from there, and the result is always what one pass over the whole
 * history computes from scratch. A request rolls at most REQUEST_PERSON_DAYS.
 */
const DAY = 86_400_000;
const NOW = new Date("2026-03-20T12:00:00Z"); // a Friday
const TODAY = Date.UTC(2026, 2, 20);
const daysAgo = (n: number) => TODAY - n * DAY;
const FIRST = daysAgo(ROLLUP_BACKFILL_DAYS);

async function snapshot(companyId: string) {
  const [days, teams] = await db().batch([
    db().select().from(statDays).where(eq(statDays.companyId, companyId)).orderBy(asc(statDays.day), asc(statDays.userId)),
    db()
      .select()
      .from(statTeamDays)
      .where(eq(statTeamDays.companyId, companyId))
      .orderBy(asc(statTeamDays.day), asc(statTeamDays.groupId), asc(statTeamDays.officeId)),
  ]);
  return { days, teams };
}

/** One pass over the whole history, from the first rolled day to today, on emptied tables. */
async function fromScratch(companyId: string) {
  await db().batch([
    db().delete(statDays).where(eq(statDays.companyId, companyId)),
    db().delete(statTeamDays).where(eq(statTeamDays.companyId, companyId)),
  ]);
  await rollupRange(await systemFor(companyId, "rollup"), new Date(FIRST), new Date(TODAY));
  return snapshot(companyId);
}

const cursorOf = async (companyId: string) => (await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId)).limit(1))[0];

describe("statistics rollups in bounded, resumable steps", () => {
  let companyId: string;
  let people: string[];
  let firstHistoryRow: string;

  beforeAll(async () => {
    const firm = await createCompany("Rollup Firm");
    companyId = firm.company.id;
    people = [];
    for (let i = 0; i < 4; i++) people.push((await firm.createUser("employee")).id);
    // A deterministic history over the whole backfill: a level change every 3 to 7 days per
    // person, leave now and then, away forecasts, a vacation, default weeks and past rolling choices.
    const history = [];
    for (const [p, userId] of people.entries()) {
      let level = p % 4;
      for (let back = ROLLUP_BACKFILL_DAYS + 5, step = 0; back > 0; back -= 3 + ((p + step++) % 5)) {
        level = (level + 1 + (step % 3)) % 4;
        history.push({
          id: newId(),
          companyId,
          userId,
          currentWorkload: step % 11 === 0 ? null : level,
          onLeave: step % 13 === 5,
          source: "web_app",
          recordedAt: new Date(daysAgo(back) + (8 + p) * 3600_000),
        });
      }
    }
    firstHistoryRow = history[3].id;
    await inChunks(history, 12, (chunk) => db().insert(workloadHistory).values(chunk));
    await db()
      .insert(forecasts)
      .values([
        { id: newId(), companyId, userId: people[0], startDate: new Date(daysAgo(150)), endDate: new Date(daysAgo(146)), status: "away" },
        { id: newId(), companyId, userId: people[1], startDate: new Date(daysAgo(40)), endDate: new Date(daysAgo(38)), status: "3" },
      ]);
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[2], startDate: new Date(daysAgo(120)), endDate: new Date(daysAgo(110)) });
    await inChunks(
      [
        ...people.flatMap((userId, p) =>
          [0, 1, 2, 3, 4].map((w) => ({ id: newId(), companyId, userId, kind: "default" as const, key: w, option: (w + p) % 3 })),
        ),
        { id: newId(), companyId, userId: people[3], kind: "rolling" as const, key: daysAgo(100), option: 1 },
      ],
      12,
      (chunk) => db().insert(workplacePlans).values(chunk),
    );
  });

  it("rolls a never-rolled company from 180 days back in steps of the budget, each resuming at the cursor, until today", async () => {
    expect(await cursorOf(companyId)).toBeUndefined();
    // 4 people and 40 person-days: 10 calendar days a step; a step rolls its first day again.
    const first = await rollupCompany(await systemFor(companyId, "rollup", NOW), 40);
    expect(first).toEqual({ done: false, personDays: 40 });
    expect((await cursorOf(companyId))?.rolledThrough).toBe(FIRST + 9 * DAY);
    let steps = 1;
    let previous = FIRST + 9 * DAY;
    for (;;) {
      const { done } = await rollupCompany(await systemFor(companyId, "rollup", NOW), 40);
      steps++;
      const cursor = await cursorOf(companyId);
      expect(cursor?.rolledThrough).toBe(Math.min(previous + 9 * DAY, TODAY));
      previous = cursor!.rolledThrough;
      if (done) break;
      expect(steps).toBeLessThan(30);
    }
    // 180 days ahead, 9 new days a step after the first's 10: 20 steps.
    expect(steps).toBe(20);
    expect(previous).toBe(TODAY);
    const stepped = await snapshot(companyId);
    // Working days only, from the first (a Saturday 180 days back is not one) to today: every person each day.
    expect(stepped.days.length % people.length).toBe(0);
    expect(new Set(stepped.days.map((d) => d.day)).size).toBe(stepped.days.length / people.length);
    expect(stepped).toEqual(await fromScratch(companyId));
  });

  it("marks the earliest day a write to older history touches, and the next steps make the rollups equal a from-scratch pass", async () => {
    expect((await cursorOf(companyId))?.dirtyFrom).toBeNull();
    const before = await snapshot(companyId);
    // A vacation 60 days back, a forecast 40 days back turned into 'away', a backdated level
    // 90 days back, a past rolling choice, and a history row from long ago deleted.
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[0], startDate: new Date(daysAgo(60)), endDate: new Date(daysAgo(57)) });
    await db()
      .update(forecasts)
      .set({ status: "away" })
      .where(and(eq(forecasts.companyId, companyId), eq(forecasts.status, "3")));
    await db()
      .insert(workloadHistory)
      .values({
        id: newId(),
        companyId,
        userId: people[1],
        currentWorkload: 3,
        onLeave: false,
        source: "web_app",
        recordedAt: new Date(daysAgo(90) + 3600_000),
      });
    await db()
      .insert(workplacePlans)
      .values({ id: newId(), companyId, userId: people[2], kind: "rolling", key: daysAgo(5), option: 1 });
    const [deleted] = await db().select().from(workloadHistory).where(eq(workloadHistory.id, firstHistoryRow));
    await db().delete(workloadHistory).where(eq(workloadHistory.id, firstHistoryRow));
    const deletedDay = deleted.recordedAt.getTime() - (deleted.recordedAt.getTime() % DAY);
    expect((await cursorOf(companyId))?.dirtyFrom).toBe(Math.min(deletedDay, daysAgo(90)));

    // A non-away forecast or a default-week change does not mark anything.
    await db().update(statRollupState).set({ dirtyFrom: null }).where(eq(statRollupState.companyId, companyId));
    await db()
      .insert(forecasts)
      .values({ id: newId(), companyId, userId: people[3], startDate: new Date(daysAgo(20)), endDate: new Date(daysAgo(20)), status: "3" });
    await db()
      .update(workplacePlans)
      .set({ option: 2 })
      .where(and(eq(workplacePlans.userId, people[3]), eq(workplacePlans.kind, "default")));
    expect((await cursorOf(companyId))?.dirtyFrom).toBeNull();
    // (Rolled days keep the default week they were rolled with, decision 0120; put it back so
    // the from-scratch pass below reads the same one.)
    await db()
      .update(workplacePlans)
      .set({ option: sql`${workplacePlans.key} % 3` })
      .where(and(eq(workplacePlans.userId, people[3]), eq(workplacePlans.kind, "default")));
    await db()
      .update(statRollupState)
      .set({ dirtyFrom: Math.min(deletedDay, daysAgo(90)) })
      .where(eq(statRollupState.companyId, companyId));

    // The scheduled job's steps (20 person-days: 5 days each) start at the marked day.
    await rollupCompanies(runtime(), NOW, 20);
    const afterOne = await cursorOf(companyId);
    expect(afterOne?.dirtyFrom).toBeNull();
    const marked = Math.max(Math.min(deletedDay, daysAgo(90)), FIRST);
    expect(afterOne?.rolledThrough).toBe(marked + 4 * DAY);
    for (let i = 0; i < 60 && (await cursorOf(companyId))!.rolledThrough < TODAY; i++) await rollupCompanies(runtime(), NOW, 20);
    expect((await cursorOf(companyId))?.rolledThrough).toBe(TODAY);
    const stepped = await snapshot(companyId);
    const scratch = await fromScratch(companyId);
    // The writes changed the figures (so this comparison can fail), and the steps caught all of them.
    expect(before).not.toEqual(scratch);
    expect(stepped).toEqual(scratch);
  });

  it("a write while a step runs is marked again for the next step", async () => {
    // The step takes the mark first; a write after that (here: between two steps of one
    // invocation's worth) leaves its own mark.
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[3], startDate: new Date(daysAgo(30)), endDate: new Date(daysAgo(30)) });
    expect((await cursorOf(companyId))?.dirtyFrom).toBe(daysAgo(30));
    await rollupCompany(await systemFor(companyId, "rollup", NOW), 8); // two days: daysAgo(30) and daysAgo(29)
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[1], startDate: new Date(daysAgo(31)), endDate: new Date(daysAgo(31)) });
    expect(await cursorOf(companyId)).toMatchObject({ rolledThrough: daysAgo(29), dirtyFrom: daysAgo(31) });
    await rollupCompany(await systemFor(companyId, "rollup", NOW), 8);
    expect(await cursorOf(companyId)).toMatchObject({ rolledThrough: daysAgo(30), dirtyFrom: null });
    for (let i = 0; i < 10; i++) if ((await rollupCompany(await systemFor(companyId, "rollup", NOW), 400)).done) break;
    const stepped = await snapshot(companyId);
    expect(stepped).toEqual(await fromScratch(companyId));
  });

  it("moves the cursor on even when the budget is less than a day of the firm's people (a firm past 20,000 on a request)", async () => {
    const firm = await createCompany("Rollup Crowd");
    for (let i = 0; i < 3; i++) await firm.createUser("employee");
    const id = firm.company.id;
    await db()
      .insert(statRollupState)
      .values({ companyId: id, rolledThrough: daysAgo(3), dirtyFrom: null });
    // 3 people and a budget of 1 person-day: each step rolls the cursor's day again and the next.
    const steps = [];
    for (let i = 0; i < 5; i++) {
      const step = await rollupCompany(await systemFor(id, "rollup", NOW), 1);
      steps.push({ ...step, through: (await cursorOf(id))!.rolledThrough });
      if (step.done) break;
    }
    expect(steps).toEqual([
      { done: false, personDays: 6, through: daysAgo(2) },
      { done: false, personDays: 6, through: daysAgo(1) },
      { done: true, personDays: 6, through: TODAY },
    ]);
    // Rolled through today, the next step is today alone.
    expect(await rollupCompany(await systemFor(id, "rollup", NOW), 1)).toEqual({ done: true, personDays: 3 });
  });
});

describe("a statistics request rolls a bounded amount and answers from what is rolled", () => {
  const PEOPLE = 120;
  const today = () => {
    const now = new Date();
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  };
  let companyId: string;
  let token: string;
  let group: string;
  let office: string;

  beforeAll(async () => {
    const firm = await createCompany("Big Rollup Firm", { timeZone: "UTC" });
    companyId = firm.company.id;
    group = firm.group.id;
    office = firm.office.id;
    const rows = Array.from({ length: PEOPLE }, () => userRow(companyId, "employee", { groupId: group, officeId: office }));
    await inChunks(rows, 4, (chunk) => db().insert(users).values(chunk));
    await inChunks(
      rows.slice(0, 40).map((u, i) => ({
        id: newId(),
        companyId,
        userId: u.id,
        currentWorkload: i % 4,
        onLeave: false,
        source: "web_app",
        recordedAt: new Date(today() - 200 * DAY),
      })),
      12,
      (chunk) => db().insert(workloadHistory).values(chunk),
    );
    token = await tokenFor((await firm.createUser("companyAdmin")).email);
  });

  const statistic = async () => {
    const range = `startDate=${new Date(today() - 119 * DAY).toISOString().slice(0, 10)}&endDate=${new Date(today()).toISOString().slice(0, 10)}`;
    const response = await api(`/api/v2/statistic?${range}`, { method: "POST", token, json: { offices: [office], groups: [group] } });
    return { status: response.status, body: (await response.json()) as StatisticsResponse };
  };

  it("rolls one step of REQUEST_PERSON_DAYS, then the next, then today's changes, then nothing while nothing changed", async () => {
    const perStep = Math.floor(REQUEST_PERSON_DAYS / PEOPLE); // 166 calendar days at 120 people
    const first = await statistic();
    expect(first.status).toBe(200);
    const rolledTo = today() - ROLLUP_BACKFILL_DAYS * DAY + (perStep - 1) * DAY;
    expect((await cursorOf(companyId))?.rolledThrough).toBe(rolledTo);
    // The figures cover what is rolled; the days after it are empty, not an error.
    const values = first.body.averageWorkloadOverTime;
    expect(values.length).toBeGreaterThan(80);
    expect(values.filter((v) => Date.parse(v.date) <= rolledTo).every((v) => v.value === 1.5)).toBe(true);
    expect(values.filter((v) => Date.parse(v.date) > rolledTo).every((v) => v.value === null)).toBe(true);

    const second = await statistic();
    expect(second.status).toBe(200);
    expect((await cursorOf(companyId))?.rolledThrough).toBe(today());
    expect(second.body.averageWorkloadOverTime.filter((v) => v.value === null)).toEqual([]);

    // Current, and then a workload changes on the last rolled day (today on a weekday): the next
    // request rolls that day again, so today's figures include today's change (issue 27, item 5).
    // The last rolled day's rows are blanked first: only a roll writes them again.
    const [{ last }] = await db()
      .select({ last: sql<number>`max(${statDays.day})` })
      .from(statDays)
      .where(eq(statDays.companyId, companyId));
    const lastDay = () =>
      db()
        .select({ userId: statDays.userId, level: statDays.level })
        .from(statDays)
        .where(and(eq(statDays.companyId, companyId), eq(statDays.day, last)));
    const blank = () =>
      db()
        .update(statDays)
        .set({ level: null })
        .where(and(eq(statDays.companyId, companyId), eq(statDays.day, last)));
    await blank();
    const changed = (await firstPerson(companyId)).id;
    await db()
      .insert(workloadHistory)
      .values({
        id: newId(),
        companyId,
        userId: changed,
        currentWorkload: 3,
        onLeave: false,
        source: "web_app",
        recordedAt: new Date(Math.min(Date.now(), last + DAY - 1000)),
      });
    expect((await cursorOf(companyId))?.dirtyFrom).toBe(last);
    expect((await statistic()).status).toBe(200);
    const rolled = await lastDay();
    expect(rolled.length).toBe(PEOPLE);
    expect(rolled.find((r) => r.userId === changed)?.level).toBe(3);
    expect(rolled.filter((r) => r.level !== null).length).toBeGreaterThan(0);
    expect((await cursorOf(companyId))?.dirtyFrom).toBeNull();

    // Nothing changed since: a request rolls nothing.
    await blank();
    expect((await statistic()).status).toBe(200);
    const untouched = await lastDay();
    expect(untouched.length).toBe(PEOPLE);
    expect(untouched.every((r) => r.level === null)).toBe(true);
  });
});

/** D1 binds at most 100 parameters a statement: rows go in a few at a time, in one batch. */
async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => BatchItem<"sqlite">) {
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += size) statements.push(insert(rows.slice(i, i + size)));
  await runBatch(db(), statements);
}

async function firstPerson(companyId: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.companyId, companyId)).limit(1);
  return row;
}
