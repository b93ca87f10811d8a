import assert from "node:assert/strict";
import { test } from "node:test";
import { devPorts, devState, STANDIN_PORTS } from "./dev-ports";

/** Every port of one instance, the app's own included. */
function portsOf(env: Record<string, string>) {
  const { STATE: _state, ...ports } = devPorts(env);
  return Object.values(ports);
}

test("every port of npm start follows from $PORT, and PORTs 1 to 99 apart share none", () => {
  const defaults = devPorts({});
  assert.equal(defaults.PORT, 8787);
  assert.equal(new Set(portsOf({})).size, Object.keys(STANDIN_PORTS).length + 1, "one instance's ports are distinct");
  // The default npm start (8787) and the default e2e server (8788), and every other pair within a hundred.
  for (let a = 8700; a < 8800; a++) {
    const ours = new Set(portsOf({ PORT: String(a) }));
    for (let b = a + 1; b < 8800; b++) {
      const shared = portsOf({ PORT: String(b) }).filter((port) => ours.has(port));
      assert.deepEqual(shared, [], `PORT ${a} and PORT ${b} share ${shared.join(", ")}`);
    }
  }
});

test("a port's own variable wins over the derived one, and a bad value is refused", () => {
  const ports = devPorts({ PORT: "9000", ELITE_PORT: "7001", APNS_FAKE_PORT: "7002" });
  assert.equal(ports.ELITE_PORT, 7001);
  assert.equal(ports.APNS_PORT, 7002);
  assert.equal(ports.CV_PORT, 9400);
  assert.throws(() => devPorts({ PORT: "eighty" }), /PORT must be a port number/);
  assert.throws(() => devPorts({ PORT: "65500" }), /ENTRA_FAKE_PORT must be a port number \(1-65535\), got "65600"/);
});

test("the local state follows from $PORT too: the default keeps wrangler's folder, another PORT gets its own", () => {
  assert.equal(devState({}), ".wrangler/state");
  assert.equal(devState({ PORT: "8787" }), ".wrangler/state");
  assert.equal(devState({ PORT: "8790" }), ".wrangler/state-8790");
  assert.equal(devState({ PORT: "8790", DEV_STATE: "/tmp/mine" }), "/tmp/mine");
});
