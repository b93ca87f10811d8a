import assert from "node:assert/strict";
import { test } from "node:test";
import { circles, layerOf, LAYERS, upwardArrows } from "./import-graph";

const layer = (path: string) => LAYERS[layerOf(path)]?.name;

test("finds a circle of two and of three, and no circle in a tree", () => {
  const graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["a.ts", "c.ts"]],
    ["c.ts", ["d.ts"]],
    ["d.ts", ["e.ts"]],
    ["e.ts", ["c.ts"]],
    ["f.ts", ["a.ts"]],
  ]);
  assert.deepEqual(
    circles(graph).map((c) => c.join(",")),
    ["c.ts,d.ts,e.ts", "a.ts,b.ts"],
  );
  assert.deepEqual(
    circles(
      new Map([
        ["x.ts", ["y.ts"]],
        ["y.ts", []],
      ]),
    ),
    [],
  );
});

test("puts each path in its layer, the longest prefix winning", () => {
  assert.equal(layer("app/routes/login/route.tsx"), "routes");
  assert.equal(layer("app/domain/identity/session.server.ts"), "domain");
  assert.equal(layer("app/domain/errors.ts"), "base");
  assert.equal(layer("app/auth/session.server.ts"), "auth");
  assert.equal(layer("app/web/api.server.ts"), "web");
});

test("reports an import from a lower layer to a higher one, and not the other way", () => {
  const graph = new Map([
    ["app/auth/session.server.ts", ["app/domain/usage/usage.server.ts", "app/db/schema.ts"]],
    ["app/domain/usage/usage.server.ts", ["app/auth/permissions.ts"]],
  ]);
  assert.deepEqual(upwardArrows(graph), [["app/auth/session.server.ts", "app/domain/usage/usage.server.ts"]]);
});
