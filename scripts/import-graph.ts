/**
 * The import graph of app/, workers/, scripts/ and tests/fakes/: every circle, and every
 * arrow that runs back up the layers (docs/architecture.md). Type-only imports are erased
 * at build time and do not count as arrows. `--check` fails (exit 1) on any circle and on
 * any upward arrow that the allow-list below does not name.
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(import.meta.dirname, "..");
const DIRS = ["app", "workers", "scripts", "tests/fakes"];
const EXTS = [".ts", ".tsx", ".js", ".mjs"];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (EXTS.some((ext) => name.endsWith(ext)) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = join(ROOT, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null;
  const candidates = [base, ...EXTS.map((ext) => base + ext), ...EXTS.map((ext) => join(base, "index" + ext))];
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"));
  for (const candidate of candidates) if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The imports of a file, each marked type-only or not. */
function importsOf(file: string): { spec: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specs: { spec: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      specs.push({ spec: node.moduleSpecifier.text, typeOnly: Boolean(typeOnly) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      specs.push({ spec: node.moduleSpecifier.text, typeOnly: Boolean(typeOnly) });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specs.push({ spec: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

/** file → the files it imports; `types: false` leaves out type-only imports. */
export function buildGraph({ types }: { types: boolean }): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of DIRS) {
    if (!existsSync(join(ROOT, dir))) continue;
    for (const file of walk(join(ROOT, dir))) {
      const targets = importsOf(file)
        .filter((entry) => types || !entry.typeOnly)
        .map((entry) => resolveImport(file, entry.spec))
        .filter((target): target is string => target !== null)
        .map((target) => relative(ROOT, target));
      graph.set(relative(ROOT, file), [...new Set(targets)]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the circles. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        strong(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strong(node);
  return found;
}

/**
 * The layers, top first (docs/architecture.md): a file may import its own layer and those
 * below it. A path belongs to the layer of its longest matching prefix, so the domain kit
 * (errors, the schema kit, validation and the company settings schema, which import nothing
 * of the domain) sits at the base although it lives in app/domain.
 */
export const LAYERS: { name: string; prefixes: string[] }[] = [
  { name: "entry", prefixes: ["workers/", "app/entry.", "app/root.tsx", "scripts/", "tests/", "bench/"] },
  { name: "routes", prefixes: ["app/routes/"] },
  { name: "web", prefixes: ["app/web/"] },
  { name: "features", prefixes: ["app/features/"] },
  { name: "components", prefixes: ["app/components/"] },
  { name: "domain", prefixes: ["app/domain/", "app/realtime/"] },
  { name: "auth", prefixes: ["app/auth/"] },
  { name: "integrations", prefixes: ["app/integrations/"] },
  {
    name: "base",
    prefixes: [
      "app/db/",
      "app/lib/",
      "app/env.ts",
      "app/globals",
      "app/domain/errors.ts",
      "app/domain/schema-kit.ts",
      "app/domain/schema-messages.ts",
      "app/domain/validation.ts",
      "app/domain/company/settings.schema.ts",
    ],
  },
];

export function layerOf(path: string): number {
  let best = LAYERS.length;
  let length = -1;
  for (const [at, layer] of LAYERS.entries())
    for (const prefix of layer.prefixes)
      if (path.startsWith(prefix) && prefix.length > length) {
        best = at;
        length = prefix.length;
      }
  return best;
}

/**
 * The upward arrows the architecture names (docs/architecture.md), all type-only:
 * - the realtime publisher names the company room's class (workers/company-room.ts), a
 *   Durable Object that must live in the Worker entry, to type its stub;
 * - a feature's fetcher form names the action type of the resource route it posts to
 *   (`useFetcher<typeof action>`), so its reply is typed from the route that answers it.
 */
export const NAMED_TYPE_ARROWS: ((from: string, to: string) => boolean)[] = [
  (from, to) => from === "app/realtime/publish.server.ts" && to === "workers/company-room.ts",
  (from, to) => from.startsWith("app/features/") && to.startsWith("app/routes/resources."),
];

export function upwardArrows(graph: Map<string, string[]>): [string, string][] {
  const arrows: [string, string][] = [];
  for (const [from, targets] of graph) for (const to of targets) if (layerOf(to) < layerOf(from)) arrows.push([from, to]);
  return arrows;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const values = buildGraph({ types: false });
  const all = buildGraph({ types: true });
  const walkAt = process.argv.indexOf("--walk");
  if (walkAt !== -1) {
    // What a request through this route loads: the files its value imports reach in app/, by folder.
    const start = process.argv[walkAt + 1];
    const seen = new Set<string>([start]);
    const queue = [start];
    while (queue.length)
      for (const next of values.get(queue.shift()!) ?? [])
        if (next.startsWith("app/") && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
    const folders = new Map<string, number>();
    for (const file of seen) {
      const folder = file.split("/").slice(0, 3).join("/");
      folders.set(folder, (folders.get(folder) ?? 0) + 1);
    }
    const back = upwardArrows(new Map([...seen].map((file) => [file, (values.get(file) ?? []).filter((to) => seen.has(to))])));
    console.log(`${start}: ${seen.size} files in ${folders.size} folders, ${back.length} arrows back up`);
    for (const [folder, count] of [...folders].sort()) console.log(`  ${folder} ${count}`);
    for (const [from, to] of back) console.log(`  back up: ${from} -> ${to}`);
    process.exit(0);
  }
  const found = circles(all);
  const arrows = upwardArrows(values);
  const named = (from: string, to: string) => NAMED_TYPE_ARROWS.some((rule) => rule(from, to));
  const typeArrows = upwardArrows(all).filter(([from, to]) => !arrows.some(([f, t]) => f === from && t === to));
  const unnamed = typeArrows.filter(([from, to]) => !named(from, to));
  const show = ([from, to]: [string, string]) => `  ${from} (${LAYERS[layerOf(from)]?.name}) -> ${to} (${LAYERS[layerOf(to)]?.name})`;
  console.log(`${all.size} files, ${[...values.values()].reduce((n, t) => n + t.length, 0)} value imports`);
  console.log(`${found.length} circle(s)`);
  for (const component of found) console.log("  circle: " + component.join(" , "));
  console.log(`${arrows.length} upward value arrow(s)`);
  arrows.forEach((arrow) => console.log(show(arrow)));
  console.log(`${typeArrows.length} upward type-only arrow(s), ${unnamed.length} not named in docs/architecture.md`);
  typeArrows.forEach((arrow) => console.log(show(arrow) + (named(...arrow) ? "  (named)" : "")));
  if (process.argv.includes("--check") && (found.length || arrows.length || unnamed.length)) {
    console.error("import graph: fix the circles and upward arrows above (docs/architecture.md says where things go)");
    process.exit(1);
  }
}
