/**
 * The catalogs agree (decision 0306, docs/i18n.md): every language has exactly English's keys,
 * every message is valid ICU MessageFormat, and a translation names the same values
 * ({name}, {count}) as the English. `tsx scripts/check-i18n.ts [dir]`; CI runs it in
 * `npm run check`. Words written into translated modules are the lint's (eslint/translated-files.js).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, type Token } from "@messageformat/parser";

export const REFERENCE = "en";

/** The values a message reads ({name}, {count, plural, ...}), at any depth. */
function valuesOf(tokens: Token[], into = new Set<string>()): Set<string> {
  for (const token of tokens) {
    if (token.type === "argument" || token.type === "function") into.add(token.arg);
    if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
      into.add(token.arg);
      for (const branch of token.cases) valuesOf(branch.tokens, into);
    }
  }
  return into;
}

/** Every problem with the catalogs in `dir`, in words; none means they agree. */
export function checkCatalogs(dir: string): string[] {
  const problems: string[] = [];
  const catalogs = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const language = file.slice(0, -".json".length);
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(dir, file), "utf8"));
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object of messages");
      catalogs.set(language, parsed as Record<string, unknown>);
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
    }
  }
  const index = existsSync(join(dir, "index.ts")) ? readFileSync(join(dir, "index.ts"), "utf8") : "";
  for (const language of catalogs.keys())
    if (!index.includes(`from "./${language}.json"`))
      problems.push(`${language}.json: not listed in index.ts (import ${language} from "./${language}.json")`);
  const reference = catalogs.get(REFERENCE);
  if (!reference) return [...problems, `${REFERENCE}.json: the reference catalog is missing`];
  const compiled = new Map<string, Map<string, Set<string>>>();
  for (const [language, catalog] of catalogs) {
    const names = new Map<string, Set<string>>();
    for (const [key, message] of Object.entries(catalog)) {
      if (typeof message !== "string" || message.trim() === "") {
        problems.push(`${language}.json: "${key}" is empty or not text`);
        continue;
      }
      try {
        names.set(key, valuesOf(parse(message)));
      } catch (error) {
        problems.push(`${language}.json: "${key}" is not valid ICU MessageFormat (${(error as Error).message.split("\n")[0]})`);
      }
    }
    compiled.set(language, names);
    const keys = Object.keys(catalog);
    const outOfOrder = keys.findIndex((key, i) => i > 0 && keys[i - 1].localeCompare(key, "en") > 0);
    if (outOfOrder > 0) problems.push(`${language}.json: keys are not in order from "${keys[outOfOrder]}" (run npm run i18n:sort)`);
    if (language === REFERENCE) continue;
    for (const key of Object.keys(reference)) if (!(key in catalog)) problems.push(`${language}.json: "${key}" is missing`);
    for (const key of Object.keys(catalog)) if (!(key in reference)) problems.push(`${language}.json: "${key}" is not in ${REFERENCE}.json`);
  }
  const english = compiled.get(REFERENCE)!;
  for (const [language, names] of compiled) {
    if (language === REFERENCE) continue;
    for (const [key, values] of names) {
      const expected = english.get(key);
      if (!expected) continue;
      const same = expected.size === values.size && [...expected].every((name) => values.has(name));
      if (!same) problems.push(`${language}.json: "${key}" names {${[...values].join("}, {")}} where English names {${[...expected].join("}, {")}}`);
    }
  }
  return problems;
}

/**
 * Rewrites every catalog in `dir` with its keys in order, so that work on two parts of the
 * product adds its messages in two places and merges without a conflict.
 */
export function sortCatalogs(dir: string): void {
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const catalog = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, string>;
    const sorted = Object.fromEntries(Object.entries(catalog).sort(([a], [b]) => a.localeCompare(b, "en")));
    writeFileSync(join(dir, file), `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const dir = args.find((arg) => !arg.startsWith("--")) ?? fileURLToPath(new URL("../app/locales", import.meta.url));
  if (args.includes("--sort")) sortCatalogs(dir);
  const problems = checkCatalogs(dir);
  if (problems.length) {
    console.error(`i18n: the catalogs disagree:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`i18n: ${readdirSync(dir).filter((name) => name.endsWith(".json")).length} catalogs agree`);
}
