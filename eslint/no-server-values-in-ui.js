/**
 * No page renders a value imported from a `.server` module. The browser bundle gets an
 * empty stand-in for every `.server` module, so such a value is there on the server and
 * `undefined` in the browser: the text vanishes at hydration and React logs a mismatch
 * (issue 17: the reset page's "This reset link is invalid or has expired").
 *
 * - A module the browser loads that is not a route module (components, features, hooks)
 *   imports nothing from a `.server` module, types included: the entity types it reads live
 *   in plain modules (*.types.ts) that the server module imports too (issue 8, decision 0236).
 *   The option `typeImportsAllowed` names files still waiting for their type to move.
 * - In a route module (app/root.tsx, app/routes/*), the compiler drops `loader`, `action`
 *   and `headers` from the browser build, and with them what only they use. A value from a
 *   `.server` module may be used there, or in a top-level function used only from there;
 *   anywhere else (the component, meta, JSX, a top-level constant) is refused. A resource
 *   route (no default export) is never part of the browser build.
 */
const SERVER_ONLY_EXPORTS = new Set(["loader", "action", "headers"]);

function isServerModule(source) {
  return /\.server(\.[jt]sx?)?$/.test(source) || /\.server\//.test(source);
}

function isRouteModule(filename) {
  const path = filename.replace(/\\/g, "/");
  if (/\/app\/root\.tsx?$/.test(path)) return true;
  if (/\/app\/routes\/[^/]+\.tsx?$/.test(path)) return true;
  return /\/app\/routes\/[^/]+\/route\.tsx?$/.test(path);
}

/** The statement at the top of the module that holds `node`. */
function topLevelStatement(node) {
  let current = node;
  while (current.parent && current.parent.type !== "Program") current = current.parent;
  return current;
}

/** The name a top-level statement declares when it is a function, else null. */
function declaredFunctionName(statement) {
  const inner = statement.type === "ExportNamedDeclaration" && statement.declaration ? statement.declaration : statement;
  if (inner.type === "FunctionDeclaration" && inner.id) return inner.id.name;
  if (inner.type === "VariableDeclaration" && inner.declarations.length === 1) {
    const [declaration] = inner.declarations;
    const init = declaration.init;
    if (declaration.id.type === "Identifier" && init && (init.type === "ArrowFunctionExpression" || init.type === "FunctionExpression")) {
      return declaration.id.name;
    }
  }
  return null;
}

function isExported(statement) {
  return statement.type === "ExportNamedDeclaration";
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid rendering values imported from .server modules (they are empty in the browser)" },
    schema: [
      {
        type: "object",
        properties: { typeImportsAllowed: { type: "array", items: { type: "string" } } },
        additionalProperties: false,
      },
    ],
    messages: {
      typeFromServer:
        "'{{name}}' is a type from the server-only module '{{source}}': move it to a plain module (*.types.ts) that both the server module and this one import.",
      notRoute:
        "'{{name}}' comes from the server-only module '{{source}}', which is empty in the browser. Import only types here, or move the value to a module the browser can load.",
      inRoute:
        "'{{name}}' comes from the server-only module '{{source}}' and is used outside loader/action/headers, so the browser sees it empty. Move the value to a module the browser can load (a .schema.ts or a shared constants file).",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const normalized = filename.replace(/\\/g, "/");
    if (!/\/app\//.test(normalized) || /\.server\.[jt]sx?$/.test(normalized) || /\.server\//.test(normalized)) return {};
    const route = isRouteModule(normalized);
    const typeImportsAllowed = (context.options[0]?.typeImportsAllowed ?? []).some((allowed) => normalized.endsWith(`/${allowed}`));
    const sourceCode = context.sourceCode ?? context.getSourceCode();

    /** Whether every use of a top-level function is reachable only from the server-only exports. */
    function onlyServerReachable(statement, seen) {
      if (isExported(statement) && statement.declaration && statement.declaration.type === "VariableDeclaration") {
        const names = statement.declaration.declarations.flatMap((declaration) =>
          sourceCode.scopeManager.getDeclaredVariables(declaration).map((variable) => variable.name),
        );
        if (names.length > 0 && names.every((name) => SERVER_ONLY_EXPORTS.has(name))) return true;
      }
      const name = declaredFunctionName(statement);
      if (name === null) return false;
      if (isExported(statement)) return SERVER_ONLY_EXPORTS.has(name);
      if (seen.has(name)) return true;
      seen.add(name);
      const [variable] = sourceCode.scopeManager.getDeclaredVariables(
        statement.type === "VariableDeclaration" ? statement.declarations[0] : statement,
      );
      if (!variable) return false;
      return variable.references.every((reference) => {
        const holder = topLevelStatement(reference.identifier);
        return holder !== statement ? onlyServerReachable(holder, seen) : true;
      });
    }

    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (!isServerModule(source)) return;
        // A resource route (no default export) renders nothing and is never sent to the browser.
        if (route && !node.parent.body.some((statement) => statement.type === "ExportDefaultDeclaration")) return;
        for (const specifier of node.specifiers) {
          const name = specifier.local.name;
          if (node.importKind === "type" || specifier.importKind === "type") {
            // Erased at build time; a route's loader and action may read server types.
            if (!route && !typeImportsAllowed) context.report({ node: specifier, messageId: "typeFromServer", data: { name, source } });
            continue;
          }
          if (!route) {
            context.report({ node: specifier, messageId: "notRoute", data: { name, source } });
            continue;
          }
          for (const variable of sourceCode.scopeManager.getDeclaredVariables(specifier)) {
            for (const reference of variable.references) {
              if (reference.identifier.parent && reference.identifier.parent.type === "TSTypeQuery") continue;
              if (onlyServerReachable(topLevelStatement(reference.identifier), new Set())) continue;
              context.report({ node: reference.identifier, messageId: "inRoute", data: { name, source } });
            }
          }
        }
      },
    };
  },
};
