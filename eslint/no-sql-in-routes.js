/**
 * No SQL in routes (ARCHITECTURE.md, "How a request flows": route modules contain no SQL).
 * A file under app/routes/ (a route module, or a *.server.ts in its route folder) authenticates,
 * parses, calls the domain and shapes the answer; the queries live in app/domain/<area>
 * (functions that take a DomainContext) or, for an outside system's own tables, in its
 * app/integrations/ adapter. So a route file:
 *
 * - imports no value from `drizzle-orm` (operators, `sql`) and none from app/db/ (the tables of
 *   ~/db/schema, the client of ~/db/client, the query helpers): types are fine, they are erased;
 * - calls nothing on a database handle (`context.db.select(...)`, `ctx.db.batch(...)`): it hands
 *   `context.db` to a domain function instead.
 */
import path from "node:path";

const DB_HANDLE = "db";

function normalize(filename) {
  return filename.replace(/\\/g, "/");
}

/** The file an import names, as a path under app/ ("db/schema/users"), or null when it is a package. */
function appPath(source, filename) {
  if (source.startsWith("~/")) return source.slice(2);
  if (!source.startsWith(".")) return null;
  const file = normalize(filename);
  const app = file.lastIndexOf("/app/");
  if (app === -1) return null;
  return path.posix.join(path.posix.dirname(file.slice(app + "/app/".length)), source);
}

function isSqlSource(source, filename) {
  if (source === "drizzle-orm" || source.startsWith("drizzle-orm/")) return "drizzle-orm";
  const inApp = appPath(source, filename);
  if (inApp !== null && /^db(\/|$)/.test(inApp)) return source;
  return null;
}

/** `db`, `context.db`, `ctx.db`: the expression a query would be built or run on. */
function isDbHandle(node) {
  if (node.type === "Identifier") return node.name === DB_HANDLE;
  return node.type === "MemberExpression" && !node.computed && node.property.type === "Identifier" && node.property.name === DB_HANDLE;
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid SQL in route files: no drizzle-orm or app/db values, no calls on a database handle" },
    schema: [],
    messages: {
      sqlImport:
        "'{{name}}' from '{{source}}' is SQL in a route. Move the query into a domain function that takes a DomainContext (app/domain/<area>) and call that; type imports are fine.",
      dbCall:
        "'{{call}}' runs a query in a route. Move it into a domain function that takes a DomainContext (app/domain/<area>) and hand it `context.db` or the context instead.",
    },
  },
  create(context) {
    const filename = normalize(context.filename ?? context.getFilename());
    if (!/\/app\/routes\//.test(filename)) return {};
    const sourceCode = context.sourceCode ?? context.getSourceCode();

    function checkSource(node, specifiers, typeOnly) {
      if (!node.source || typeof node.source.value !== "string") return;
      const source = node.source.value;
      if (!isSqlSource(source, filename)) return;
      if (typeOnly) return;
      const values = specifiers.filter((specifier) => specifier.importKind !== "type" && specifier.exportKind !== "type");
      // `import "x"` and `export * from "x"` bring the module in without naming anything.
      if (specifiers.length === 0) return context.report({ node, messageId: "sqlImport", data: { name: "*", source } });
      for (const specifier of values) {
        const name = (specifier.imported ?? specifier.local ?? specifier.exported)?.name ?? "default";
        context.report({ node: specifier, messageId: "sqlImport", data: { name, source } });
      }
    }

    return {
      ImportDeclaration(node) {
        checkSource(node, node.specifiers, node.importKind === "type");
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSource(node, node.specifiers, node.exportKind === "type");
      },
      ExportAllDeclaration(node) {
        checkSource(node, [], node.exportKind === "type");
      },
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string" && isSqlSource(node.source.value, filename)) {
          context.report({ node, messageId: "sqlImport", data: { name: "import()", source: node.source.value } });
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== "MemberExpression" || !isDbHandle(callee.object)) return;
        context.report({ node, messageId: "dbCall", data: { call: `${sourceCode.getText(callee).replace(/\s+/g, "")}(...)` } });
      },
    };
  },
};
