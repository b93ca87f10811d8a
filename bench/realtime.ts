/**
 * How long a change takes to reach a colleague: from sending POST /api/v2/workload/current
 * as one person to the UPDATE_USER event arriving on a second person's WebSocket to the
 * company room. The browser then refetches about 100 ms later (REFETCH_DELAY_MS), so the
 * on-screen time is this figure plus one loader round trip.
 */
import { demoPersonName } from "../scripts/demo-people";

const PASSWORD = "demo-password-1";

/** The seed's generated person i (scripts/seed-data.ts), in office i % 5 of Demo Law. */
export function demoEmail(i: number): string {
  const { first, last, suffix } = demoPersonName(i);
  return `${first}.${last}${suffix ? `.${suffix.trim()}` : ""}.${i}@demo.test`
    .toLowerCase()
    .replace(/[åä]/g, "a")
    .replace(/ö/g, "o")
    .replace(/é/g, "e");
}

async function token(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** One workload write as `writerToken`, tagged with `sessionId` so the event can be told apart. */
async function writeWorkload(base: string, writerToken: string, level: number, sessionId: string) {
  const response = await fetch(`${base}/api/v2/workload/current`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${writerToken}` },
    body: JSON.stringify({ workscale: level, sessionId }),
  });
  if (!response.ok) throw new Error(`workload write: ${response.status}`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measureRealtime(base: string, runs = 40, writer = "anna.lindqvist.0@demo.test", watcher = "erik.lindqvist.1@demo.test") {
  const writerToken = await token(base, writer);
  const watcherToken = await token(base, watcher);
  const me = (await (await fetch(`${base}/api/v2/users/me`, { headers: { Authorization: `Bearer ${watcherToken}` } })).json()) as { company: string };
  const ticket = (await (
    await fetch(`${base}/api/v2/realtime/ticket`, { method: "POST", headers: { Authorization: `Bearer ${watcherToken}` } })
  ).json()) as { ticket: string };
  const socket = new WebSocket(`${base.replace(/^http/, "ws")}/parties/company/${me.company}?ticket=${encodeURIComponent(ticket.ticket)}`);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("room refused the watcher")), { once: true });
  });
  const samples: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const sessionId = `bench-${i}`;
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no UPDATE_USER within 5 s")), 5000);
      const onMessage = (event: MessageEvent) => {
        const data = JSON.parse(String(event.data));
        if (data.type === "UPDATE_USER" && data.sessionId === sessionId) {
          clearTimeout(timer);
          socket.removeEventListener("message", onMessage);
          resolve(performance.now());
        }
      };
      socket.addEventListener("message", onMessage);
    });
    const started = performance.now();
    await writeWorkload(base, writerToken, i % 4, sessionId);
    const at = await arrived;
    if (i >= 3) samples.push(at - started);
  }
  socket.close();
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), runs: samples.length };
}

if (process.argv[1]?.endsWith("realtime.ts")) {
  const base = process.env.BENCH_BASE ?? "http://127.0.0.1:8787";
  const result = await measureRealtime(base, Number(process.env.BENCH_RUNS ?? 40));
  console.log(
    `realtime: write to colleague's socket p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${result.runs} runs, ${base})`,
  );
}

/**
 * Fan-out: `sockets` members of one company (the sessions of `watchers`, a ticket per socket taken
 * in turn, as many tabs of one firm would be; the seed's people 1-10 are in all five of its Stockholm-
 * to-Malmö offices, so a split firm's sockets land in five office rooms) and one write; the time from
 * sending the write until the LAST socket has the UPDATE_USER event. Repeated `repeats` times; p50/p95
 * of those. `rooms` is where the firm room says the sockets were (its roomCounts, via the socket count
 * it reports); the Worker's routing is what the browser gets.
 */
export async function measureFanout(
  base: string,
  sockets = 1000,
  repeats = 10,
  writer = "anna.lindqvist.0@demo.test",
  watchers = Array.from({ length: 10 }, (_, i) => demoEmail(i + 1)),
) {
  const writerToken = await token(base, writer);
  const watcherTokens = await Promise.all(watchers.map((w) => token(base, w)));
  const me = (await (await fetch(`${base}/api/v2/users/me`, { headers: { Authorization: `Bearer ${watcherTokens[0]}` } })).json()) as {
    company: string;
  };
  // Each socket redeems a single-use ticket, as every browser tab does (decision 0086).
  let taken = 0;
  const socketUrl = async () => {
    const watcherToken = watcherTokens[taken++ % watcherTokens.length];
    const response = await fetch(`${base}/api/v2/realtime/ticket`, { method: "POST", headers: { Authorization: `Bearer ${watcherToken}` } });
    const { ticket } = (await response.json()) as { ticket: string };
    return `${base.replace(/^http/, "ws")}/parties/company/${me.company}?ticket=${encodeURIComponent(ticket)}`;
  };
  const open: WebSocket[] = [];
  const connectStarted = performance.now();
  for (let i = 0; i < sockets; i += 50) {
    const batch = Array.from({ length: Math.min(50, sockets - i) }, async () => {
      const socket = new WebSocket(await socketUrl());
      // A socket the firm room moves (4002) would miss events here: the bench's servers split at
      // the first socket or never (bench/run.ts), so none is moved; say so if one is.
      socket.addEventListener("close", (event) => {
        if (event.code === 4002) console.warn("fan-out: a socket was moved to its office room during the bench");
      });
      return new Promise<WebSocket>((resolve, reject) => {
        socket.addEventListener("open", () => resolve(socket), { once: true });
        socket.addEventListener("error", () => reject(new Error("room refused a socket")), { once: true });
      });
    });
    open.push(...(await Promise.all(batch)));
  }
  const connectMs = performance.now() - connectStarted;
  const samples: number[] = [];
  try {
    for (let r = 0; r < repeats + 1; r++) {
      const sessionId = `fanout-${r}`;
      let remaining = open.length;
      let last = 0;
      const allArrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${remaining} of ${open.length} sockets had no event within 30 s`)), 30_000);
        for (const socket of open) {
          const onMessage = (event: MessageEvent) => {
            const data = JSON.parse(String(event.data));
            if (data.type !== "UPDATE_USER" || data.sessionId !== sessionId) return;
            socket.removeEventListener("message", onMessage);
            last = performance.now();
            if (--remaining === 0) {
              clearTimeout(timer);
              resolve();
            }
          };
          socket.addEventListener("message", onMessage);
        }
      });
      const started = performance.now();
      await writeWorkload(base, writerToken, r % 4, sessionId);
      await allArrived;
      if (r > 0) samples.push(last - started);
    }
  } finally {
    for (const socket of open) socket.close();
  }
  return { sockets: open.length, connectMs, p50: percentile(samples, 50), p95: percentile(samples, 95), repeats: samples.length, samples };
}
