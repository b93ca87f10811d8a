/**
 * One home per kind (docs/architecture.md): app/features/<area>/ holds the UI of one area, and a
 * widget two areas use lives in app/components/. So a file under app/features/<a>/ imports
 * nothing from app/features/<b>/ (types included: a shared type moves down too), and a file
 * under app/components/ imports nothing from app/features/ or app/routes/ (components sit below
 * both). Issue 25: projects, operator and competences imported the company's forms, the planner
 * the dashboard's day picker.
 */
import path from "node:path";

function normalize(filename) {
  return filename.replace(/\\/g, "/");
}

/** Where a file sits under app/ ("features/users/user-table.ts"), or null outside app/. */
function inApp(filename) {
  const file = normalize(filename);
  const app = file.lastIndexOf("/app/");
  return app === -1 ? null : file.slice(app + "/app/".length);
}

/** The file an import names, as a path under app/, or null when it is a package. */
function target(source, from) {
  if (source.startsWith("~/")) return source.slice(2);
  if (!source.startsWith(".")) return null;
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), source));
}

/** @type {import("eslint").Rule.RuleModule} */
export default {
  meta: {
    type: "problem",
    docs: { description: "Forbid imports between feature areas, and from components up into features or routes" },
    schema: [],
    messages: {
      otherFeature:
        "features/{{area}} imports '{{source}}' from features/{{other}}: a widget two areas use belongs in app/components/ (docs/architecture.md).",
      componentUp:
        "app/components/ imports '{{source}}' from app/{{layer}}/: components sit below features and routes; pass what it needs in as props.",
    },
  },
  create(context) {
    const from = inApp(context.filename ?? context.getFilename());
    if (from === null) return {};
    const area = /^features\/([^/]+)\//.exec(from)?.[1];
    const component = from.startsWith("components/");
    if (!area && !component) return {};

    function check(node, source) {
      const to = target(source, from);
      if (to === null) return;
      if (area) {
        const other = /^features\/([^/]+)(\/|$)/.exec(to)?.[1];
        if (other && other !== area) context.report({ node, messageId: "otherFeature", data: { area, other, source } });
        return;
      }
      const layer = /^(features|routes)(\/|$)/.exec(to)?.[1];
      if (layer) context.report({ node, messageId: "componentUp", data: { layer, source } });
    }

    return {
      ImportDeclaration(node) {
        check(node, String(node.source.value));
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, String(node.source.value));
      },
      ExportAllDeclaration(node) {
        check(node, String(node.source.value));
      },
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string") check(node, node.source.value);
      },
    };
  },
};
