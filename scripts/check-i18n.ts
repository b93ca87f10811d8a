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
import { matchText, serverTextEntries, textMatcher } from "../app/lib/i18n/texts";

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

/** The domain's refusals, whose messages a page shows (app/domain/errors.ts). */
const REFUSALS = /new (?:Validation|NotFound|Forbidden|Unauthorized|Gone|Conflict|TooManyRequests|Domain)Error\(/g;
/** Files whose every sentence is a rule's message: the schemas and the domain kit. */
const RULE_FILES = /(\.schema\.ts|^app\/domain\/(errors|validation|schema-kit)\.ts)$/;
/**
 * Server code: every sentence in it is something a page may show (a refusal, a result's note,
 * a link page's words), except in the files that only answer machines (the OpenAPI document,
 * SCIM, the API's body checks) or quote an outside system's protocol.
 */
const SERVER_CODE = /^app\/(domain|auth|web|integrations)\/|\.server\.ts$/;
const MACHINE_FILES =
  /^app\/(web\/(openapi|scim|api)\.server\.ts|domain\/identity\/scim\/|integrations\/email\/(mime|smtp-client)|integrations\/entra\/graph)/;
/** A result's note or a state's message in server code: `message: "Invite sent."`, `message: \`Passkey '${name}' added.\``. */
const MESSAGE_PROPERTY = /(?:^|[{,(])\s*message: (?:"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/gm;
/** A small function that writes a text: `const nothingToClear = (name: string) => \`${name} has no two-step sign-in to clear.\``. */
const TEXT_FUNCTION = /\bconst [a-z]\w* = \([^()]*\)(?:: string)? => `((?:[^`\\]|\\.)*)`/g;

/** Words, not identifiers: a capital, a space, and the end of a sentence for a schema's literals. */
const SENTENCE = /^[A-Z][^\n]* [^\n]*[.!?]$/;

/**
 * Texts only the API answers, which name the API's own notation in braces (an ICU message
 * cannot hold them as they are). A page never sends these calls.
 */
const ENGLISH_ONLY = new Set([
  "Administrator rights are changed with PUT /users/{id}/admin.",
  "Source must be web_app, ios_app or teams_app_{client}.",
]);

/** The text between `open` (just after a "(") and its closing ")", strings skipped over. */
function callArguments(source: string, open: number): string {
  let depth = 1;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return source.slice(open, i);
  }
  return source.slice(open);
}

/** Code without its block comments and whole-line comments (whose quotes are not texts). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** A template literal's text with each `${…}` as a value ("X"). */
const valued = (template: string) => template.replace(/\$\{[^}]*\}/g, "X");

/** The string literals of `code`; a template's `${…}` becomes a value ("X"). */
function literalsIn(code: string, templates = true): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    if (m[1] !== undefined) found.push(JSON.parse(`"${m[1]}"`) as string);
    else if (templates) found.push(valued(m[2]));
  }
  return found;
}

/**
 * Every text the server writes for a page to show (decision 0307): the messages of the
 * domain's refusals anywhere in app/, each sentence of the schemas and the domain kit, and in
 * server code its named sentences, its results' `message`s (plain or templates) and the small
 * functions that write a text from values.
 * Map of text → the files it is written in.
 */
export function serverTextsIn(root: string, files: string[]): Map<string, Set<string>> {
  const texts = new Map<string, Set<string>>();
  const add = (text: string, file: string) => {
    // Words: a capital, a space, and a word beyond a template's values ("X X" is none).
    if (!/ /.test(text) || !/^[A-Z]/.test(text) || !/[a-z]{2}/.test(text) || ENGLISH_ONLY.has(text)) return;
    if (!texts.has(text)) texts.set(text, new Set());
    texts.get(text)!.add(file);
  };
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    if (RULE_FILES.test(file)) for (const text of literalsIn(source)) if (SENTENCE.test(text)) add(text, file);
    if (SERVER_CODE.test(file) && !MACHINE_FILES.test(file)) {
      for (const text of literalsIn(withoutComments(source), false)) if (SENTENCE.test(text)) add(text, file);
      for (const [, plain, template] of source.matchAll(MESSAGE_PROPERTY))
        add(plain !== undefined ? (JSON.parse(`"${plain}"`) as string) : valued(template), file);
      for (const [, template] of source.matchAll(TEXT_FUNCTION)) add(valued(template), file);
    }
    for (const call of source.matchAll(REFUSALS)) for (const text of literalsIn(callArguments(source, call.index + call[0].length))) add(text, file);
  }
  return texts;
}

/** The server's texts that no `server.*` message of the English catalog matches. */
export function untranslatedServerTexts(root: string, files: string[], english: Record<string, string>): string[] {
  const matcher = textMatcher(serverTextEntries(english));
  return [...serverTextsIn(root, files)]
    .filter(([text]) => !matchText(matcher, text))
    .map(([text, where]) => `"${text}" (${[...where].join(", ")}) has no server.* message in ${REFERENCE}.json`);
}

/** The server's source files a page's words can come from. */
export function serverFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (path.endsWith(".ts") && !path.endsWith(".d.ts") && !path.endsWith(".test.ts")) files.push(path);
    }
  };
  walk("app");
  return files.sort();
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
  const dir = args.find((arg: string) => !arg.startsWith("--")) ?? fileURLToPath(new URL("../app/locales", import.meta.url));
  if (args.includes("--sort")) sortCatalogs(dir);
  const root = fileURLToPath(new URL("..", import.meta.url));
  const english = JSON.parse(readFileSync(join(dir, `${REFERENCE}.json`), "utf8")) as Record<string, string>;
  const problems = [...checkCatalogs(dir), ...(args.includes("--catalogs-only") ? [] : untranslatedServerTexts(root, serverFiles(root), english))];
  if (problems.length) {
    console.error(`i18n: the catalogs disagree:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log(`i18n: ${readdirSync(dir).filter((name) => name.endsWith(".json")).length} catalogs agree`);
}
