/**
 * Demo Law's time keeping as its Elite 3E would list it: timekeepers (Emil Employee and the
 * first generated people, by number), a dozen matters (one confidential in 3E) and 13 weeks
 * of time cards. One deterministic data set serves twice: `npm start` runs the loopback fake
 * 3E with it (tests/fakes/elite3e-server.ts), and the seed writes it into D1 as if imported,
 * so the Detailed and Utilization tabs have data before the first cron.
 */
export const DEMO_ELITE_TENANT = "demo";
export const DEMO_TIMEKEEPERS = 16;

/** Emil Employee never worked on this one; Anna Lindqvist (person 0) did. */
export const DEMO_CONFIDENTIAL = { number: "2026-0107", name: "Project Nightingale", client: "Nightingale Holdings AB" };

const MATTERS: [string, string, string][] = [
  ["2026-0101", "Acquisition of Nordic Freight", "Nordic Freight AB"],
  ["2026-0102", "Share purchase agreement", "Baltic Energy Oy"],
  ["2026-0103", "Supplier dispute", "Svea Retail AB"],
  ["2026-0104", "Group restructuring", "Kattegat Holding"],
  ["2026-0105", "Arbitration (SCC)", "Fjord Shipping AS"],
  ["2026-0106", "Tax audit", "Lapland Mining AB"],
  [DEMO_CONFIDENTIAL.number, DEMO_CONFIDENTIAL.name, DEMO_CONFIDENTIAL.client],
  ["2026-0108", "Financing round", "Northern Lights Tech"],
  ["2026-0109", "Employment matters", "Göta Logistics"],
  ["2026-0110", "Bond issue", "Öresund Property"],
  ["2026-0111", "Internal training", "Demo Law (internal)"],
  ["2026-0112", "Merger control filing", "Nordic Freight AB"],
];

function prng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const DAY = 86_400_000;

export interface DemoElite {
  timekeepers: { Number: string; DisplayName: string; Email: string | null; LastModified: string }[];
  matters: {
    Number: string;
    DisplayName: string;
    ClientDisplayName: string;
    RspTkprNumber: string | null;
    IsOpen: boolean;
    IsBillable: boolean;
    IsConfidential: boolean;
    LastModified: string;
  }[];
  timecards: { Id: string; TkprNumber: string; MattNumber: string; WorkDate: string; WorkHrs: number; IsBillable: boolean; LastModified: string }[];
}

/** `names[i]` is generated person i's display name; EMP is Emil Employee. */
export function demoEliteData(now: number, names: string[]): DemoElite {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const stamp = new Date(today - DAY).toISOString();
  const keepers = [
    { Number: "EMP", DisplayName: "Emil Employee" },
    ...names.slice(0, DEMO_TIMEKEEPERS).map((name, i) => ({ Number: `TK${i}`, DisplayName: name })),
  ];
  const timekeepers = keepers.map((k) => ({ ...k, Email: null, LastModified: stamp }));
  const matters = MATTERS.map(([Number, DisplayName, ClientDisplayName], i) => ({
    Number,
    DisplayName,
    ClientDisplayName,
    RspTkprNumber: keepers[1 + (i % 4)]?.Number ?? null,
    IsOpen: true,
    IsBillable: Number !== "2026-0111",
    IsConfidential: Number === DEMO_CONFIDENTIAL.number,
    LastModified: stamp,
  }));
  const timecards: DemoElite["timecards"] = [];
  const rand = prng(2026);
  for (const [k, keeper] of keepers.entries()) {
    // Each keeper works on three matters; the confidential one only for TK0 and TK3.
    const own = [MATTERS[k % 6][0], MATTERS[(k + 2) % 6][0], k === 1 || k === 4 ? DEMO_CONFIDENTIAL.number : MATTERS[7 + (k % 3)][0]];
    for (let d = 1; d <= 91; d++) {
      const day = today - d * DAY;
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      const date = new Date(day).toISOString().slice(0, 10);
      for (const [j, matter] of own.entries()) {
        if (rand() < 0.35) continue;
        timecards.push({
          Id: `${keeper.Number}-${date}-${j}`,
          TkprNumber: keeper.Number,
          MattNumber: matter,
          WorkDate: date,
          WorkHrs: Math.round((1 + rand() * 3.5) * 4) / 4,
          IsBillable: true,
          LastModified: stamp,
        });
      }
      if (rand() < 0.3)
        timecards.push({
          Id: `${keeper.Number}-${date}-nb`,
          TkprNumber: keeper.Number,
          MattNumber: "2026-0111",
          WorkDate: date,
          WorkHrs: 1,
          IsBillable: false,
          LastModified: stamp,
        });
    }
  }
  return { timekeepers, matters, timecards };
}
