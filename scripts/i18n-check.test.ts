import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { checkCatalogs, serverFiles, sortCatalogs, untranslatedServerTexts } from "./check-i18n";

const root = fileURLToPath(new URL("..", import.meta.url));
const locales = join(root, "app/locales");

function catalogsIn(files: Record<string, Record<string, string>>, listed = Object.keys(files)) {
  const dir = mkdtempSync(join(tmpdir(), "i18n-"));
  for (const [name, messages] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(messages));
  writeFileSync(join(dir, "index.ts"), listed.map((name) => `import ${name.slice(0, 2)} from "./${name}";`).join("\n"));
  return dir;
}

test("the product's catalogs agree", () => {
  assert.deepEqual(checkCatalogs(locales), []);
});

test("a missing key, an extra key, a renamed value and broken syntax each fail the check", () => {
  const dir = catalogsIn({
    "en.json": { "a.count": "{count, plural, one {# day} other {# days}}", "a.hello": "Hello {name}", "a.plain": "Plain" },
    "sv.json": { "a.count": "{count, plural, one {# dag} other {# dagar}", "a.extra": "Extra", "a.hello": "Hej {namn}" },
  });
  const problems = checkCatalogs(dir);
  assert.equal(problems.length, 4, problems.join("\n"));
  assert.ok(problems.some((p) => p.includes('"a.plain" is missing')));
  assert.ok(problems.some((p) => p.includes('"a.extra" is not in en.json')));
  assert.ok(problems.some((p) => p.includes('"a.hello" names {namn}')));
  assert.ok(problems.some((p) => p.includes('"a.count" is not valid ICU MessageFormat')));
});

test("keys out of order fail the check, and i18n:sort puts them in order without changing a message", () => {
  const dir = catalogsIn({ "en.json": { "b.one": "One", "a.two": "Two" }, "sv.json": { "a.two": "Två", "b.one": "Ett" } });
  assert.deepEqual(checkCatalogs(dir), ['en.json: keys are not in order from "a.two" (run npm run i18n:sort)']);
  sortCatalogs(dir);
  assert.deepEqual(checkCatalogs(dir), []);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "en.json"), "utf8")), { "a.two": "Two", "b.one": "One" });
});

test("a catalog file not listed in index.ts fails the check", () => {
  const dir = catalogsIn({ "en.json": { "a.b": "A" }, "de.json": { "a.b": "B" } }, ["en.json"]);
  assert.deepEqual(checkCatalogs(dir), ['de.json: not listed in index.ts (import de from "./de.json")']);
});

test("a third language is one more catalog file: with English's keys and values it passes", () => {
  const english = JSON.parse(readFileSync(join(locales, "en.json"), "utf8")) as Record<string, string>;
  const swedish = JSON.parse(readFileSync(join(locales, "sv.json"), "utf8")) as Record<string, string>;
  const dir = catalogsIn({
    "en.json": english,
    "sv.json": swedish,
    "de.json": { ...english, "language.name": "Deutsch", "language.locale": "de-DE" },
  });
  assert.deepEqual(checkCatalogs(dir), []);
});

test("the lint fails on words written into a translated module, and passes when they come from the catalogs", async () => {
  const eslint = new ESLint({ cwd: root });
  const filePath = join(root, "app/routes/_app.settings/language-section.tsx");
  const source = (body: string) => `import { useT } from "~/lib/i18n/i18n";\nexport function Probe() {\n  const t = useT();\n  return ${body};\n}\n`;
  const [hardCoded] = await eslint.lintText(source(`<p title="Your language">Choose a language</p>`), { filePath });
  const untranslated = hardCoded.messages.filter((m) => m.ruleId === "i18next/no-literal-string");
  assert.equal(untranslated.length, 2, JSON.stringify(hardCoded.messages));
  const [translated] = await eslint.lintText(source(`<p title={t("settings.language")}>{t("settings.language.label")}</p>`), { filePath });
  assert.deepEqual(
    translated.messages.filter((m) => m.ruleId === "i18next/no-literal-string"),
    [],
  );
});

test("a page written tomorrow is checked too: the lint covers every module of the app, not a list", async () => {
  const eslint = new ESLint({ cwd: root });
  const source = `export default function Page() {\n  return <h1 title="A new page">Welcome</h1>;\n}\n`;
  const [result] = await eslint.lintText(source, { filePath: join(root, "app/routes/_app.a-page-not-yet-written.tsx") });
  assert.equal(result.messages.filter((m) => m.ruleId === "i18next/no-literal-string").length, 2, JSON.stringify(result.messages));
});

test("a refusal or a schema's message the catalogs do not hold fails the check; its server.* message passes it", () => {
  const root = mkdtempSync(join(tmpdir(), "i18n-app-"));
  mkdirSync(join(root, "app/domain/x"), { recursive: true });
  writeFileSync(
    join(root, "app/domain/x/x.server.ts"),
    'if (no) throw new ForbiddenError("Only partners open this.");\nthrow new ConflictError(`${name} is taken.`);\nconst id = "NotASentence";\n',
  );
  writeFileSync(join(root, "app/domain/x/x.schema.ts"), 'export const s = z.string().max(9, "Use at most 9 letters.");\n');
  const files = ["app/domain/x/x.schema.ts", "app/domain/x/x.server.ts"];
  const problems = untranslatedServerTexts(root, files, {});
  assert.equal(problems.length, 3, problems.join("\n"));
  assert.ok(problems.some((p) => p.startsWith('"Only partners open this."')));
  assert.ok(problems.some((p) => p.startsWith('"X is taken."')));
  assert.ok(problems.some((p) => p.startsWith('"Use at most 9 letters."')));
  const english = { "server.a": "Only partners open this.", "server.b": "{name} is taken.", "server.c": "Use at most {max} letters." };
  assert.deepEqual(untranslatedServerTexts(root, files, english), []);
});

test("a result's note, plain or built from values, and a small function writing a text fail the check until the catalogs hold them", () => {
  const root = mkdtempSync(join(tmpdir(), "i18n-app-"));
  mkdirSync(join(root, "app/domain/x"), { recursive: true });
  writeFileSync(
    join(root, "app/domain/x/x.server.ts"),
    [
      "export const nothingToClear = (name: string) => `${name} has no key to clear.`;",
      "const purpose = (id: string) => `keys:${id}`;",
      'if (done) return { message: "Key saved." };',
      "return { message: `Key cleared for ${label}. They have been told.`, id };",
      '/** The sender of every message: "Name <address>". */',
    ].join("\n"),
  );
  const files = ["app/domain/x/x.server.ts"];
  const problems = untranslatedServerTexts(root, files, {});
  assert.equal(problems.length, 3, problems.join("\n"));
  assert.ok(problems.some((p) => p.startsWith('"X has no key to clear."')));
  assert.ok(problems.some((p) => p.startsWith('"Key saved."')));
  assert.ok(problems.some((p) => p.startsWith('"Key cleared for X. They have been told."')));
  const english = { "server.a": "{name} has no key to clear.", "server.b": "Key saved.", "server.c": "Key cleared for {name}. They have been told." };
  assert.deepEqual(untranslatedServerTexts(root, files, english), []);
});

test("every text the product's server writes for a page has a server.* message", () => {
  const english = JSON.parse(readFileSync(join(locales, "en.json"), "utf8")) as Record<string, string>;
  assert.deepEqual(untranslatedServerTexts(root, serverFiles(root), english), []);
});
