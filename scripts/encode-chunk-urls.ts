import { readdirSync, readFileSync, writeFileSync } from "node:fs";

/**
 * After `remix build`: writes the assets manifest's chunk addresses the way the static assets
 * server serves them (each path segment percent-encoded as by encodeURIComponent), in the
 * server build and in the browser's manifest. Remix names a route's chunk after its file, so
 * `_app.projects.$id.($view)` became `/build/routes/_app.projects.$id.($view)-HASH.js`, and the
 * assets server answers that address with a 307 to `%24id.(%24view)`: every page of a route
 * with a `$` waited a round trip more for its module before it could hydrate (decision 0292).
 */
export function encodeChunkUrls(source: string): string {
  return source.replace(/(["'])(\/build\/[^"'\s]+)\1/g, (_whole, quote: string, path: string) => {
    const encoded = path
      .split("/")
      .map((segment) => encodeURIComponent(decodeURIComponent(segment)))
      .join("/");
    return `${quote}${encoded}${quote}`;
  });
}

function rewrite(file: string) {
  const before = readFileSync(file, "utf8");
  const after = encodeChunkUrls(before);
  if (after !== before) writeFileSync(file, after);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  rewrite("build/index.js");
  for (const name of readdirSync("public/build")) if (/^manifest-[A-Za-z0-9]+\.js$/.test(name)) rewrite(`public/build/${name}`);
}
