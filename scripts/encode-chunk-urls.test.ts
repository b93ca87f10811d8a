import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeChunkUrls } from "./encode-chunk-urls";

test("a route chunk's `$` is written as the assets server serves it; everything else stays", () => {
  const source = `{module: "/build/routes/_app.projects.$id.($view)-HOIL3SMK.js", imports: ["/build/_shared/chunk-A.js"], x: "/build/", y: "/api/$id"}`;
  assert.equal(
    encodeChunkUrls(source),
    `{module: "/build/routes/_app.projects.%24id.(%24view)-HOIL3SMK.js", imports: ["/build/_shared/chunk-A.js"], x: "/build/", y: "/api/$id"}`,
  );
});

test("an address written already is not written twice", () => {
  const once = encodeChunkUrls(`"/build/routes/a.$b[.]c-1.js"`);
  assert.equal(once, `"/build/routes/a.%24b%5B.%5Dc-1.js"`);
  assert.equal(encodeChunkUrls(once), once);
});
