import { createHash } from "node:crypto";
import { getTableColumns } from "drizzle-orm";
import { hashPassword, pepperRing } from "../app/domain/identity/password-hash.server";
import { companyRow, forecastRow, groupRow, officeRow, userRow } from "../app/db/factories";
import type { inviteEmail } from "../app/domain/identity/emails";
import * as s from "../app/db/schema";
import { demoPersonName } from "./demo-people";
import { DEMO_DIRECTORY_IDS, DEMO_DOMAIN_TOKEN, DEMO_FIRM_DOMAIN, DEMO_TENANT_ID, DEMO_TITLE_RANKING } from "./seed-constants";
import { seedTables, type SeedTables } from "./seed-tables";
import { seedTimeKeeping } from "./seed-time-keeping";
import { devPorts } from "./dev-ports";
import { stableId } from "./stable-id";
import { sealSecret } from "../app/lib/secret-box.server";
import { DEMO_CV_KEY } from "../tests/fakes/cv-service";
import { IDP_CERT } from "../tests/fakes/saml-keys";

/**
 * The demo data set: "Demo Law" with 3 groups, 5 offices and SEED_USERS generated people
 * (60 by default) with workloads, forecasts, vacations, workplace plans and four months of
 * history; "Other Firm" with a few people. Ids derive from stable labels, and every row is
 * written with INSERT OR IGNORE, so running the seed again changes nothing.
 */
export const DEMO_PASSWORD = "demo-password-1";
const DAY = 86_400_000;
const HISTORY_DAYS = 124;
/** Generated people beyond this many get no password (hashing is slow on purpose). */
const MAX_PEOPLE_WITH_PASSWORD = 120;

/** Small deterministic PRNG so the same seed run gives the same people. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const TITLES = ["Associate", "Senior Associate", "Counsel", "Partner", "Junior Associate", "Paralegal", "Legal Counsel", "Managing Associate"];
const MESSAGES = [
  "",
  "",
  "",
  "In court most of the week",
  "Happy to help with due diligence",
  "Closing a deal on Friday",
  "Back from leave, ready for new work",
  "Drafting all week",
  "Can take on smaller matters",
  "Travelling Tue-Wed",
];
const FORECAST_COMMENTS = [null, null, "Vacation", "Conference", "Trial prep", "Closing", "Parental leave", "Training"];

function utcDay(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function isWeekend(ms: number): boolean {
  const day = new Date(ms).getUTCDay();
  return day === 0 || day === 6;
}

/**
 * Every seeded account signs in with DEMO_PASSWORD; the app's own hashing makes the hash once
 * per run (one salt for the whole demo data set: these are throwaway accounts).
 */
/** Where the seeded invite mail's link points: the local `wrangler dev` (`npm start` uses $PORT or 8787). */
export const DEFAULT_SEED_APP_URL = "http://127.0.0.1:8787";

/** Demo Law's SSO: the loopback IdP `npm start` runs beside wrangler dev (tests/fakes/saml-idp-server.ts). */
export const DEFAULT_SEED_SSO_LOGIN_URL = "http://127.0.0.1:9787/saml/sso";

export async function buildSeed(options: {
  people: number;
  now?: number;
  appUrl?: string;
  projects?: number;
  ssoLoginUrl?: string;
  /**
   * The invite mail's writer (domain/identity/emails.ts), for the seed that fills the database
   * (scripts/seed.ts): it reads the message catalogs, which a spec's Node loader cannot import
   * as JSON modules, so a spec building the seed in memory goes without the queued mail.
   */
  inviteMail?: typeof inviteEmail;
}): Promise<SeedTables> {
  const demoHash = await hashPassword(DEMO_PASSWORD, pepperRing({ APP_ENV: "development" }));
  const now = options.now ?? Date.now();
  const today = utcDay(now);
  const t = seedTables();
  const rand = prng(20261121);
  const passwordHash = (label: string, index = 0) => (index < MAX_PEOPLE_WITH_PASSWORD ? demoHash : (void label, null));

  // Companies -----------------------------------------------------------------------------
  const demo = companyRow({
    id: stableId("company:demo"),
    name: "Demo Law",
    allowGroupSelection: true,
    // Connected to its directory on the local Microsoft provider (tests/fakes/entra-server.ts).
    azureAdTenantId: DEMO_TENANT_ID,
    // 'Sign in with SSO' through the loopback IdP; demolaw.test is the firm's SSO domain.
    ssoLoginUrl: options.ssoLoginUrl ?? DEFAULT_SEED_SSO_LOGIN_URL,
    ssoCertificate: IDP_CERT,
    allowFederation: true,
    settings: JSON.stringify({
      enableEntraUI: true,
      enableNewForecasting: true,
      elseWhereOption: true,
      elsewhereLabel: "Court",
      enableProjectStages: true,
      projectInvoicing: true,
      titleRanking: DEMO_TITLE_RANKING,
      timeZone: "Europe/Stockholm",
      // Time keeping (issue 13): the Detailed and Utilization tabs, from the demo 3E.
      enableUtilizationView: true,
      enableDetailedViewHours: true,
      enableDetailedViewComments: true,
      enableMatterPM: true,
      adminsHaveReportPrivileges: true,
    }),
  });
  const other = companyRow({ id: stableId("company:other"), name: "Other Firm", settings: "{}" });
  // Demo Law's CV service is the loopback fake `npm start` runs (tests/fakes/cv-service.ts, decision 0112),
  // on $CV_FAKE_PORT or $PORT + 400 (decision 0285).
  demo.cvServiceUrl = `http://127.0.0.1:${devPorts().CV_PORT}`;
  demo.cvServiceKey = await sealSecret({ APP_ENV: "development" }, `companies.cv_service_key:${demo.id}`, DEMO_CV_KEY);
  t.add(s.companies, demo);
  t.add(s.companies, other);
  t.add(s.directorySync, { companyId: demo.id, tenantId: DEMO_TENANT_ID });
  // Verified by DNS (decision 0250): the loopback resolver of `npm start` and the e2e server
  // (tests/fakes/doh-server.ts --demo) publishes Demo Law's record, so the cron and 'Check now'
  // keep finding it; the demo SSO routes demolaw.test.
  t.add(s.companyDomains, {
    domain: DEMO_FIRM_DOMAIN,
    companyId: demo.id,
    verificationToken: DEMO_DOMAIN_TOKEN,
    verifiedAt: new Date(now),
    verifiedBy: "dns",
    checkedAt: new Date(now),
  });
  // A firm of the US installation: its people are sent there (installation-level table).
  t.add(s.installationDomains, { domain: "uslaw.test", installationUrl: "https://us.availability.example" });

  const groupNames = ["Corporate & M&A", "Disputes", "Tax & Finance"];
  const groupIds = groupNames.map((name) => {
    const row = groupRow(demo.id, { id: stableId(`group:${name}`), name, ssoIdentifiers: [name.split(" ")[0]] });
    t.add(s.groups, row);
    return row.id;
  });
  const officeSpecs: [string, number][] = [
    ["Stockholm", 0],
    ["Gothenburg", 0],
    ["Stockholm", 1],
    ["Malmö", 1],
    ["Stockholm", 2],
  ];
  const officeIds = officeSpecs.map(([name, g], i) => {
    const row = officeRow(demo.id, groupIds[g], { id: stableId(`office:${i}`), name });
    t.add(s.offices, row);
    return { id: row.id, groupId: groupIds[g] };
  });
  // Offices on other continents (issue 16): their people's "today" is New York's or Singapore's.
  for (const [name, g, timeZone] of [
    ["New York", 0, "America/New_York"],
    ["Singapore", 2, "Asia/Singapore"],
    ["Sydney", 0, "Australia/Sydney"],
  ] as const)
    t.add(s.offices, officeRow(demo.id, groupIds[g], { id: stableId(`office:${name}`), name, timeZone }));

  const levels = ["Beginner", "Intermediate", "Advanced", "Expert"].map((name, i) => {
    const row = { id: stableId(`level:${i}`), companyId: demo.id, name, level: i + 1 };
    t.add(s.skillLevels, row);
    return row.id;
  });

  // People ---------------------------------------------------------------------------------
  const people: { id: string; officeIdx: number }[] = [];
  // A person in Sydney and one in New York (issue 16): their dashboard's today is their office's day.
  for (const [email, name, office] of [
    ["sydney@demo.test", "Sophie Sydney", "Sydney"],
    ["newyork@demo.test", "Nathan Newyork", "New York"],
  ] as const)
    t.add(
      s.users,
      userRow(demo.id, "employee", {
        id: stableId(`user:${email}`),
        email,
        name,
        title: "Associate",
        passwordHash: demoHash,
        groupId: groupIds[0],
        officeId: stableId(`office:${office}`),
        currentWorkload: 1,
        futureWorkload: null,
        lastUpdated: new Date(now - 26 * 3600_000),
        startYear: 2021,
      }),
    );
  const named = [
    { email: "companyadmin@demo.test", name: "Cecilia Admin", role: "companyAdmin" as const, office: -1 },
    { email: "admin@demo.test", name: "Adam Administrator", role: "administrator" as const, office: 0 },
    { email: "observer@demo.test", name: "Olivia Observer", role: "observer" as const, office: 2 },
    { email: "employee@demo.test", name: "Emil Employee", role: "employee" as const, office: 0 },
    { email: "invited@demo.test", name: "Ines Invited", role: "invited" as const, office: 1 },
  ];
  for (const person of named) {
    const office = person.office >= 0 ? officeIds[person.office] : null;
    const id = stableId(`user:${person.email}`);
    t.add(
      s.users,
      userRow(demo.id, person.role, {
        id,
        email: person.email,
        name: person.role === "invited" ? "" : person.name,
        title: person.role === "employee" ? "Senior Associate" : person.role === "administrator" ? "Office Manager" : "",
        passwordHash: person.role === "invited" ? null : demoHash,
        groupId: office?.groupId ?? null,
        officeId: office?.id ?? null,
        currentWorkload: person.role === "employee" ? 2 : null,
        futureWorkload: person.role === "employee" ? 1 : null,
        message: person.role === "employee" ? "Closing a deal on Friday" : "",
        lastUpdated: person.role === "employee" ? new Date(now - 3 * 3600_000) : null,
        startYear: person.role === "employee" ? 2019 : null,
        invitedAt: new Date(now - 2 * DAY),
        azureAdId: DEMO_DIRECTORY_IDS[person.email] ?? null,
      }),
    );
    if (person.role === "employee") people.push({ id, officeIdx: person.office });
    if (person.role === "invited") {
      t.add(s.inviteTokens, {
        id: stableId("invite:invited"),
        companyId: demo.id,
        userId: id,
        tokenHash: createHash("sha256").update("demo-invite-token").digest("hex"),
        expiresAt: new Date(now + 14 * DAY),
      });
      // The invite's mail, queued as the app would have sent it, so /dev/mailbox shows the link.
      const mail = options.inviteMail?.({
        appName: "Availability",
        companyName: demo.name,
        inviterName: "Cecilia Admin",
        name: "",
        link: `${(options.appUrl ?? DEFAULT_SEED_APP_URL).replace(/\/$/, "")}/signup/demo-invite-token`,
        expiresAt: new Date(now + 14 * DAY),
      });
      if (mail)
        t.add(s.emailOutbox, {
          id: stableId("mail:invited"),
          companyId: demo.id,
          toAddress: person.email,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          status: "pending",
          nextAttemptAt: new Date(now - 2 * DAY),
          createdAt: new Date(now - 2 * DAY),
        });
    }
  }

  for (let i = 0; i < options.people; i++) {
    const id = stableId(`person:${i}`);
    const officeIdx = i % officeIds.length;
    const office = officeIds[officeIdx];
    const { first, last, suffix } = demoPersonName(i);
    const onLeave = rand.chance(0.08);
    const current = rand.chance(0.05) ? null : rand.int(0, 3);
    const secondary = rand.chance(0.1) ? officeIds[(officeIdx + 2) % officeIds.length] : null;
    t.add(
      s.users,
      userRow(demo.id, "employee", {
        id,
        email: `${first}.${last}${suffix ? `.${suffix.trim()}` : ""}.${i}@demo.test`
          .toLowerCase()
          .replace(/[åä]/g, "a")
          .replace(/ö/g, "o")
          .replace(/é/g, "e"),
        name: `${first} ${last}${suffix}`,
        title: rand.pick(TITLES),
        phone: `+46 70 ${String(1000000 + i).slice(-7)}`,
        passwordHash: passwordHash(id, i),
        groupId: office.groupId,
        officeId: office.id,
        secondaryGroupId: secondary?.groupId ?? null,
        secondaryOfficeId: secondary?.id ?? null,
        currentWorkload: current,
        futureWorkload: rand.chance(0.7) ? rand.int(0, 3) : null,
        onLeave,
        message: rand.pick(MESSAGES),
        lastUpdated: new Date(now - rand.int(0, 12 * 24 * 60) * 60_000),
        startYear: rand.chance(0.9) ? rand.int(1998, new Date(now).getUTCFullYear()) : null,
        updateReminders: rand.chance(0.5) ? 7 : 0,
      }),
    );
    people.push({ id, officeIdx });
  }

  // Karl Bergström (person 35, reminders on, last update ten days back) has the iOS app: his
  // update reminder also goes as a push to the loopback APNs on `npm start` (decision 0197).
  if (options.people > 35)
    t.add(s.notificationTokens, {
      id: stableId("notification-token:person:35"),
      companyId: demo.id,
      userId: stableId("person:35"),
      tokenType: "apns",
      token: "5eed".padEnd(64, "0"),
    });

  await seedTimeKeeping(t, demo.id, now);

  // Availability -------------------------------------------------------------------------
  // Everyone's history ends in the state the screens show (issue 27, item 5): no history row
  // after their last update, then one at it with their current workload and leave.
  const settledAt = new Map<string, number>();
  for (const user of (t.rows.get(s.users) ?? []) as (typeof s.users.$inferInsert)[]) {
    if (user.companyId !== demo.id || !user.lastUpdated) continue;
    settledAt.set(user.id!, user.lastUpdated.getTime());
    t.add(s.workloadHistory, {
      id: stableId(`wh:${user.id}:current`),
      companyId: demo.id,
      userId: user.id!,
      currentWorkload: user.currentWorkload ?? null,
      futureWorkload: user.futureWorkload ?? null,
      onLeave: user.onLeave ?? false,
      source: "web_app",
      recordedAt: user.lastUpdated,
    });
  }
  for (const [n, person] of people.entries()) {
    const r = prng(1000 + n);
    // Forecasts: a few ahead, one behind.
    let cursor = today - r.int(10, 20) * DAY;
    for (let k = 0; k < r.int(1, 4); k++) {
      const length = r.int(0, 6);
      const status = r.pick(["away", "0", "1", "2", "3"] as const);
      t.add(
        s.forecasts,
        forecastRow(demo.id, person.id, {
          id: stableId(`forecast:${person.id}:${k}`),
          startDate: new Date(cursor),
          endDate: new Date(cursor + length * DAY),
          status,
          comment: r.pick(FORECAST_COMMENTS),
        }),
      );
      cursor += (length + r.int(3, 14)) * DAY;
    }
    if (r.chance(0.3)) {
      const start = today + r.int(14, 60) * DAY;
      t.add(s.vacations, {
        id: stableId(`vacation:${person.id}`),
        companyId: demo.id,
        userId: person.id,
        startDate: new Date(start),
        endDate: new Date(start + r.int(2, 13) * DAY),
      });
    }
    // Default week and a couple of rolling choices.
    const homeDays = r.int(0, 3);
    for (let weekday = 0; weekday < 5; weekday++) {
      t.add(s.workplacePlans, {
        id: stableId(`wp:default:${person.id}:${weekday}`),
        companyId: demo.id,
        userId: person.id,
        kind: "default",
        key: weekday,
        option: weekday < homeDays ? 1 : 0,
      });
    }
    for (let ahead = 0; ahead < 7; ahead++) {
      const date = today + ahead * DAY;
      if (isWeekend(date) || !r.chance(0.25)) continue;
      t.add(s.workplacePlans, {
        id: stableId(`wp:rolling:${person.id}:${ahead}`),
        companyId: demo.id,
        userId: person.id,
        kind: "rolling",
        key: date,
        option: r.pick([0, 1, 1, 2, 3]),
      });
    }
    // Four months of history: a workload change every few working days, a location every day.
    let level = r.int(0, 3);
    for (let back = HISTORY_DAYS; back >= 1; back--) {
      const date = today - back * DAY;
      if (isWeekend(date)) continue;
      const recordedAt = new Date(date + r.int(7, 17) * 3600_000);
      if (r.chance(0.35)) {
        level = Math.max(0, Math.min(3, level + r.pick([-1, 1, 1, -1, 0])));
        const away = r.chance(0.04);
        const row = {
          id: stableId(`wh:${person.id}:${back}`),
          companyId: demo.id,
          userId: person.id,
          currentWorkload: level,
          futureWorkload: Math.max(0, Math.min(3, level + r.pick([-1, 0, 1]))),
          onLeave: away,
          source: r.pick(["web_app", "web_app", "ios_app", "teams_app_desktop"]),
          recordedAt,
        };
        if (recordedAt.getTime() < (settledAt.get(person.id) ?? Infinity)) t.add(s.workloadHistory, row);
      }
      t.add(s.workplaceHistory, {
        id: stableId(`wph:${person.id}:${back}`),
        companyId: demo.id,
        userId: person.id,
        kind: "rolling",
        key: date,
        option: r.pick([0, 0, 0, 1, 1, 2, 3]),
        source: "web_app",
        recordedAt,
      });
    }
  }

  // Projects, stages, categories -----------------------------------------------------------
  const stageColors = ["75B7D8", "65C898", "EEC444", "FF5454"];
  const stageIds = ["Pitch", "Ongoing", "Closing", "On hold"].map((name, i) => {
    const id = stableId(`stage:${name}`);
    t.add(s.projectStages, { id, companyId: demo.id, name, color: stageColors[i] });
    return id;
  });
  const categoryIds = ["M&A", "Litigation", "Regulatory"].map((name) => {
    const id = stableId(`category:${name}`);
    t.add(s.projectCategories, { id, companyId: demo.id, name });
    return id;
  });
  const projectNames = [
    "Project Nordlys (acquisition)",
    "Baltic Shipping arbitration",
    "Fintech licence application",
    "Retail group restructuring",
    "Energy JV review",
  ];
  projectNames.forEach((name, i) => {
    const id = stableId(`project:${i}`);
    const office = officeIds[i % officeIds.length];
    t.add(s.projects, {
      id,
      companyId: demo.id,
      name,
      description: `${name}: cross-office team.`,
      officeId: office.id,
      groupId: office.groupId,
      startDate: new Date(today - (30 + i * 10) * DAY),
      endDate: new Date(today + (20 + i * 15) * DAY),
      managerId: people[(i * 7) % people.length].id,
      stageId: stageIds[i % stageIds.length],
      archived: i === projectNames.length - 1,
    });
    t.add(s.projectCategoryLinks, { companyId: demo.id, projectId: id, categoryId: categoryIds[i % categoryIds.length] });
    for (let m = 0; m < 4; m++) {
      const member = people[(i * 7 + m * 3) % people.length];
      t.add(s.projectMembers, { id: stableId(`pm:${i}:${m}`), companyId: demo.id, projectId: id, userId: member.id });
      t.add(s.projectTimeReports, {
        id: stableId(`ptr:${i}:${m}`),
        companyId: demo.id,
        projectId: id,
        userId: member.id,
        date: new Date(today - m * DAY),
        hours: 2 + m,
      });
    }
    t.add(s.projectInvoices, {
      id: stableId(`inv:${i}`),
      companyId: demo.id,
      projectId: id,
      date: new Date(today - 10 * DAY),
      amount: 12000 + i * 3500,
      vat: 8,
      identification: `INV-2026-${100 + i}`,
      currency: "USD",
    });
  });

  // Generated projects (SEED_PROJECTS): a few members each across the offices, hours for some;
  // the first one ("Bench big project") has up to 300 members, for the detail page's bench.
  const generated = options.projects ?? 0;
  const pr = prng(4242);
  for (let i = 0; i < generated; i++) {
    const id = stableId(`gproject:${i}`);
    const office = officeIds[i % officeIds.length];
    const start = today + pr.int(-200, 60) * DAY;
    t.add(s.projects, {
      id,
      companyId: demo.id,
      name: i === 0 ? "Bench big project" : `Matter ${String(i).padStart(4, "0")} ${pr.pick(["deal", "pitch", "case", "review"])}`,
      description: "",
      officeId: office.id,
      groupId: office.groupId,
      startDate: pr.chance(0.9) ? new Date(start) : null,
      endDate: pr.chance(0.8) ? new Date(start + pr.int(20, 240) * DAY) : null,
      managerId: people.length ? people[pr.int(0, people.length - 1)].id : null,
      stageId: pr.pick(stageIds),
      archived: pr.chance(0.15),
    });
    t.add(s.projectCategoryLinks, { companyId: demo.id, projectId: id, categoryId: pr.pick(categoryIds) });
    const size = Math.min(people.length, i === 0 ? 300 : pr.int(0, 10));
    const first = pr.int(0, Math.max(0, people.length - 1));
    for (let m = 0; m < size; m++) {
      const member = people[(first + m * 7) % people.length];
      t.add(s.projectMembers, { id: stableId(`gpm:${i}:${m}`), companyId: demo.id, projectId: id, userId: member.id });
      if (m < 3)
        t.add(s.projectTimeReports, {
          id: stableId(`gptr:${i}:${m}`),
          companyId: demo.id,
          projectId: id,
          userId: member.id,
          date: new Date(today - m * DAY),
          hours: 0.5 * pr.int(1, 16),
        });
    }
    if (pr.chance(0.3))
      t.add(s.projectInvoices, {
        id: stableId(`ginv:${i}`),
        companyId: demo.id,
        projectId: id,
        date: new Date(today - 5 * DAY),
        amount: pr.int(1000, 90000),
        vat: pr.pick([0, 8, 16]),
        identification: `G-${i}`,
        currency: "USD",
      });
  }

  // Competences -----------------------------------------------------------------------------
  const competenceTree: Record<string, string[]> = {
    "Practice areas": ["Mergers & acquisitions", "Commercial litigation", "Tax structuring", "Employment law"],
    Languages: ["Swedish", "English", "German", "French"],
  };
  let skillIndex = 0;
  for (const [category, names] of Object.entries(competenceTree)) {
    const categoryId = stableId(`competence:${category}`);
    t.add(s.competences, { id: categoryId, companyId: demo.id, name: category, root: true });
    for (const name of names) {
      const competenceId = stableId(`competence:${name}`);
      t.add(s.competences, { id: competenceId, companyId: demo.id, name, parentId: categoryId });
      for (let k = 0; k < Math.min(6, people.length); k++) {
        const person = people[(skillIndex * 5 + k * 11) % people.length];
        t.add(s.userSkills, {
          id: stableId(`skill:${competenceId}:${person.id}`),
          companyId: demo.id,
          userId: person.id,
          competenceId,
          levelId: levels[(skillIndex + k) % levels.length],
        });
      }
      skillIndex++;
    }
  }

  // Other Firm --------------------------------------------------------------------------------
  const otherGroup = groupRow(other.id, { id: stableId("group:other"), name: "Advisory" });
  const otherOffice = officeRow(other.id, otherGroup.id, { id: stableId("office:other"), name: "Copenhagen" });
  t.add(s.groups, otherGroup);
  t.add(s.offices, otherOffice);
  const otherPeople = [
    { email: "employee@other.test", name: "Oscar Other", role: "employee" as const },
    { email: "admin@other.test", name: "Alma Other", role: "administrator" as const },
    { email: "colleague@other.test", name: "Carl Other", role: "employee" as const },
  ];
  for (const person of otherPeople) {
    t.add(
      s.users,
      userRow(other.id, person.role, {
        id: stableId(`user:${person.email}`),
        email: person.email,
        name: person.name,
        passwordHash: demoHash,
        groupId: otherGroup.id,
        officeId: otherOffice.id,
        currentWorkload: 1,
        lastUpdated: new Date(now - DAY),
      }),
    );
  }

  // Operations: the installation operator's own company, so it never shows in Demo Law ------
  const operations = companyRow({ id: stableId("company:operations"), name: "Operations", settings: "{}" });
  t.add(s.companies, operations);
  t.add(
    s.users,
    userRow(operations.id, "companyAdmin", {
      id: stableId("user:operator@demo.test"),
      email: "operator@demo.test",
      name: "Olle Operator",
      passwordHash: demoHash,
      groupId: null,
      officeId: null,
    }),
  );
  return t;
}

/**
 * Where Demo Law finds its stand-ins (3E, CV service, SAML IdP) belongs to the `npm start` that
 * runs them, not to the data (decision 0285): these are set again on every seed, where INSERT OR
 * IGNORE keeps every row as it was, so a state first seeded for other ports (or before the ports
 * followed $PORT) follows this instance's.
 */
export function standInAddressesSql(seed: SeedTables): string {
  const demo = seed.rows.get(s.companies)!.find((row) => row.id === stableId("company:demo"))!;
  const text = (value: unknown) => (value == null ? "NULL" : `'${String(value).replace(/'/g, "''")}'`);
  return `UPDATE "companies" SET "elite3e_endpoint" = ${text(demo.elite3eEndpoint)}, "cv_service_url" = ${text(demo.cvServiceUrl)}, "sso_login_url" = ${text(demo.ssoLoginUrl)} WHERE "id" = ${text(demo.id)};`;
}

/** INSERT OR IGNORE statements, a few dozen rows each, in insertion (foreign-key) order. */
export function toSql(seed: SeedTables, rowsPerStatement = 40, now = Date.now()): string {
  const out: string[] = [];
  for (const [table, rows] of seed.rows) {
    const columns = Object.entries(getTableColumns(table));
    const keys = columns.filter(([key]) => rows.some((row) => row[key] !== undefined));
    const tableName = (table as unknown as Record<symbol, string>)[Symbol.for("drizzle:Name")];
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const values = rows
        .slice(i, i + rowsPerStatement)
        .map(
          (row) =>
            `(${keys.map(([key, column]) => sqlValue(row[key] === undefined ? columnDefault(column, now) : row[key], column.dataType, column.columnType)).join(", ")})`,
        )
        .join(",\n");
      out.push(`INSERT OR IGNORE INTO "${tableName}" (${keys.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES\n${values};`);
    }
  }
  return out.join("\n");
}

/** A row that leaves a column out gets the column's default, as an INSERT that names it must. */
function columnDefault(column: { default?: unknown; name: string }, now: number): unknown {
  if (column.default !== undefined && (column.default === null || typeof column.default !== "object" || Array.isArray(column.default)))
    return column.default;
  if (column.name === "created_at" || column.name === "updated_at") return now;
  return null;
}

function sqlValue(value: unknown, dataType: string, columnType: string): string {
  if (value === undefined || value === null) return "NULL";
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") return String(value);
  if (dataType === "json" || columnType === "SQLiteTextJson" || typeof value === "object") return quote(JSON.stringify(value));
  return quote(String(value));
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
