// The rule's own cases: `node --test eslint/*.test.js` (part of `npm run lint`).
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import rule from "./no-sql-in-routes.js";

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

const route = "/repo/app/routes/_app.settings.tsx";
const folderRoute = "/repo/app/routes/_app.settings/route.tsx";
const routeServer = "/repo/app/routes/_app.groups/company-page.server.ts";
const domain = "/repo/app/domain/users/pending-email.server.ts";

tester.run("no-sql-in-routes", rule, {
  valid: [
    // A route calls the domain and hands it the database.
    {
      filename: route,
      code: `import { pendingEmailChange } from "~/domain/users/pending-email.server";
export async function loader({ context }) { return pendingEmailChange(domainCtx(context, actor)); }`,
    },
    { filename: route, code: `export const loader = ({ context, params }) => requireUncompletedUser(context.db, params.id);` },
    // Types are erased: a loader may name a row type of the schema or of drizzle.
    {
      filename: route,
      code: `import type { User } from "~/db/schema"; import type { Db } from "~/db/client"; export const x = (u: User, d: Db) => [u, d];`,
    },
    {
      filename: routeServer,
      code: `import { type User } from "~/db/schema"; import type { SQL } from "drizzle-orm"; export const x = (u: User, s: SQL) => [u, s];`,
    },
    // The domain is where queries live.
    {
      filename: domain,
      code: `import { and, eq } from "drizzle-orm"; import { users } from "~/db/schema";
export const read = (ctx) => ctx.db.select().from(users).where(and(eq(users.id, "1")));`,
    },
    // Names that only look alike.
    {
      filename: route,
      code: `import { dbLabel } from "~/lib/format"; import { schema } from "~/domain/users/settings-form.schema"; export const x = [dbLabel, schema];`,
    },
    { filename: route, code: `export const x = (context) => context.dbName.trim();` },
  ],
  invalid: [
    // Issue 25: /settings read the pending e-mail change with drizzle in its loader.
    {
      filename: route,
      code: `import { and, eq, gt, isNull } from "drizzle-orm";
import { emailChangeTokens } from "~/db/schema";
export async function loader({ context }) {
  return context.db.select().from(emailChangeTokens).where(and(eq(emailChangeTokens.userId, "u"), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, 0)));
}`,
      errors: [
        { messageId: "sqlImport" },
        { messageId: "sqlImport" },
        { messageId: "sqlImport" },
        { messageId: "sqlImport" },
        { messageId: "sqlImport" },
        { messageId: "dbCall" },
      ],
    },
    // A route folder's server module is part of the route: same rule.
    { filename: routeServer, code: `import { sql } from "drizzle-orm"; export const x = sql\`1\`;`, errors: [{ messageId: "sqlImport" }] },
    { filename: folderRoute, code: `import { createDb } from "~/db/client"; export const x = createDb;`, errors: [{ messageId: "sqlImport" }] },
    {
      filename: folderRoute,
      code: `import { inJsonList } from "~/db/json-list"; export const x = inJsonList;`,
      errors: [{ messageId: "sqlImport" }],
    },
    { filename: folderRoute, code: `import { users } from "../../db/schema/users"; export const x = users;`, errors: [{ messageId: "sqlImport" }] },
    { filename: route, code: `import * as schema from "~/db/schema"; export const x = schema;`, errors: [{ messageId: "sqlImport" }] },
    {
      filename: route,
      code: `import { type User, users } from "~/db/schema"; export const x = (u: User) => [u, users];`,
      errors: [{ messageId: "sqlImport" }],
    },
    { filename: route, code: `export { users } from "~/db/schema";`, errors: [{ messageId: "sqlImport" }] },
    { filename: route, code: `export const loader = async () => (await import("drizzle-orm")).sql;`, errors: [{ messageId: "sqlImport" }] },
    // Running a batch of the domain's statements is still a query run by the route.
    {
      filename: route,
      code: `export const loader = ({ context }) => { const ctx = domainCtx(context, actor); return ctx.db.batch(filterOptionsStatements(ctx)); };`,
      errors: [{ messageId: "dbCall" }],
    },
    { filename: routeServer, code: `export const load = ({ context: { db } }) => db.select().from(t);`, errors: [{ messageId: "dbCall" }] },
  ],
});
