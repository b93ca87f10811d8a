// The rule's own cases: `node --test eslint/*.test.js` (part of `npm run lint`).
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import rule from "./no-server-values-in-ui.js";

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const route = "/repo/app/routes/reset.$hash.tsx";
const feature = "/repo/app/features/dashboard/card.tsx";

tester.run("no-server-values-in-ui", rule, {
  valid: [
    // Used only by the loader and the action, which the browser build drops.
    {
      filename: route,
      code: `import { load, MESSAGE } from "~/domain/a.server";
export async function loader() { return load(MESSAGE); }
export const action = async () => helper();
function helper() { return MESSAGE; }
export default function Page() { return <p>hi</p>; }`,
    },
    // A route's loader may read a server type (erased at build time).
    {
      filename: route,
      code: `import { load, type Row } from "~/domain/a.server";
export async function loader(): Promise<Row> { return load(); }
export default function Page() { return null; }`,
    },
    // A component reads its types from a plain module.
    { filename: feature, code: `import type { Row } from "~/domain/a.types"; export function Card(_: { row: Row }) { return null; }` },
    // A file named as still waiting for its type to move.
    {
      filename: feature,
      options: [{ typeImportsAllowed: ["app/features/dashboard/card.tsx"] }],
      code: `import type { Row } from "~/domain/a.server"; export function Card(_: { row: Row }) { return null; }`,
    },
    // A resource route (no default export) never reaches the browser.
    { filename: "/repo/app/routes/resources.x.ts", code: `import { run } from "~/web/api.server"; export const loader = run(); const x = run;` },
    // A .server module may import from another.
    { filename: "/repo/app/domain/b.server.ts", code: `import { MESSAGE } from "./a.server"; export const X = MESSAGE;` },
  ],
  invalid: [
    // Issue 17: the reset page rendered a .server constant, empty in the browser.
    {
      filename: route,
      code: `import { isValid, MESSAGE } from "~/domain/a.server";
export async function loader() { return isValid(); }
export default function Page() { return <p>{MESSAGE} Ask for a new link.</p>; }`,
      errors: [{ messageId: "inRoute" }],
    },
    // A helper the component uses is not server-only, even if the loader uses it too.
    {
      filename: route,
      code: `import { MESSAGE } from "~/domain/a.server";
function text() { return MESSAGE; }
export async function loader() { return text(); }
export default function Page() { return <p>{text()}</p>; }`,
      errors: [{ messageId: "inRoute" }],
    },
    {
      filename: route,
      code: `import { MESSAGE } from "~/domain/a.server"; export const meta = () => [{ title: MESSAGE }]; export default function P() { return null; }`,
      errors: [{ messageId: "inRoute" }],
    },
    {
      filename: feature,
      code: `import { MESSAGE } from "~/domain/a.server"; export function Card() { return <p>{MESSAGE}</p>; }`,
      errors: [{ messageId: "notRoute" }],
    },
    // Issue 8: the types a component reads live in plain modules, not in .server ones.
    {
      filename: feature,
      code: `import type { Row } from "~/domain/a.server"; export function Card(_: { row: Row }) { return null; }`,
      errors: [{ messageId: "typeFromServer" }],
    },
    {
      filename: feature,
      code: `import { type Row } from "~/domain/a.server"; export function Card(_: { row: Row }) { return null; }`,
      errors: [{ messageId: "typeFromServer" }],
    },
  ],
});
