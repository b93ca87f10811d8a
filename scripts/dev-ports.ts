/**
 * The loopback ports and the local state of one `npm start` (decision 0285), all derived from
 * $PORT so that two instances with different PORTs run side by side, each with its own
 * stand-ins and its own database. Each port can still be set on its own by its variable.
 *
 * The offsets are whole hundreds, so two PORTs that differ by 1 to 99 (8787 and 8788, the
 * default `npm start` and the default e2e server) never share a port. Two PORTs a multiple
 * of 100 apart can: then the second `npm start` finds a stand-in's port taken and stops,
 * naming it (scripts/dev-server.sh), rather than talking to the other instance's stand-in.
 *
 * The seed (scripts/seed-data.ts, scripts/seed-time-keeping.ts, tests/fakes/saml-idp-server.ts)
 * points Demo Law at the same ports, so it must run with the same environment as the server.
 *
 * `tsx scripts/dev-ports.ts` prints them as shell assignments (scripts/dev-server.sh evals them).
 */
export const DEFAULT_PORT = 8787;

/** Each stand-in's distance from $PORT, and the variable that overrides it. */
export const STANDIN_PORTS = {
  ENTRA_PORT: { variable: "ENTRA_FAKE_PORT", offset: 100 },
  DOH_PORT: { variable: "DOH_FAKE_PORT", offset: 200 },
  ELITE_PORT: { variable: "ELITE_PORT", offset: 300 },
  CV_PORT: { variable: "CV_FAKE_PORT", offset: 400 },
  APNS_PORT: { variable: "APNS_FAKE_PORT", offset: 500 },
  WEBPUSH_PORT: { variable: "WEBPUSH_FAKE_PORT", offset: 600 },
  IDP_PORT: { variable: "SAML_IDP_PORT", offset: 1000 },
  INSPECTOR_PORT: { variable: "INSPECTOR_PORT", offset: 1200 },
} as const;

export type DevPorts = { PORT: number; STATE: string } & Record<keyof typeof STANDIN_PORTS, number>;

type Env = Record<string, string | undefined>;

function portOf(env: Env, variable: string, fallback: number): number {
  const raw = env[variable];
  const port = raw ? Number(raw) : fallback;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number (1-65535), got "${raw ?? port}"`);
  return port;
}

/**
 * `.wrangler/state` (wrangler's own default, so a developer's data stays where it was) on the
 * default PORT, `.wrangler/state-$PORT` on any other; DEV_STATE when set.
 */
export function devState(env: Env = process.env): string {
  if (env.DEV_STATE) return env.DEV_STATE;
  const port = portOf(env, "PORT", DEFAULT_PORT);
  return port === DEFAULT_PORT ? ".wrangler/state" : `.wrangler/state-${port}`;
}

export function devPorts(env: Env = process.env): DevPorts {
  const PORT = portOf(env, "PORT", DEFAULT_PORT);
  const ports = { PORT, STATE: devState(env) } as DevPorts;
  for (const [name, { variable, offset }] of Object.entries(STANDIN_PORTS)) {
    ports[name as keyof typeof STANDIN_PORTS] = portOf(env, variable, PORT + offset);
  }
  return ports;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  try {
    for (const [name, value] of Object.entries(devPorts())) console.log(`${name}=${typeof value === "number" ? value : JSON.stringify(value)}`);
  } catch (error) {
    console.error(`[npm start] ${(error as Error).message}`);
    process.exit(1);
  }
}
