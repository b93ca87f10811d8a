import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import noServerValuesInUi from "./eslint/no-server-values-in-ui.js";
import noCrossFeatureImports from "./eslint/no-cross-feature-imports.js";
import noSqlInRoutes from "./eslint/no-sql-in-routes.js";
import i18next from "eslint-plugin-i18next";
import { TRANSLATED_FILES, UNTRANSLATED_FILES, untranslatedTextRule } from "./eslint/translated-files.js";

/** The project's own rules (eslint/*.js, each with its *.test.js run by `npm run lint`). */
const local = {
  rules: { "no-server-values-in-ui": noServerValuesInUi, "no-sql-in-routes": noSqlInRoutes, "no-cross-feature-imports": noCrossFeatureImports },
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "public/build/**",
      ".wrangler/**",
      ".cache/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".seed/**",
      "migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The service worker (decision 0302): plain JavaScript in the worker's global scope.
    files: ["public/sw.js"],
    languageOptions: {
      sourceType: "script",
      globals: { self: "readonly", URL: "readonly", Notification: "readonly", fetch: "readonly", console: "readonly" },
    },
  },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { URL: "readonly", console: "readonly", process: "readonly" } },
  },
  {
    // What the browser bundle holds: pages, their components and hooks.
    files: ["app/**/*.tsx", "app/routes/**/*.ts", "app/components/**/*.ts", "app/features/**/*.ts", "app/realtime/**/*.ts"],
    plugins: { local },
    rules: { "local/no-server-values-in-ui": "error" },
  },
  {
    // Route modules and their route folders' *.server.ts: the domain runs the queries.
    files: ["app/routes/**/*.{ts,tsx}"],
    plugins: { local },
    rules: { "local/no-sql-in-routes": "error" },
  },
  {
    // One home per kind (docs/architecture.md): what two areas share is in components/.
    files: ["app/features/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    plugins: { local },
    rules: { "local/no-cross-feature-imports": "error" },
  },
  {
    // Modules whose words all come from the catalogs (decision 0306, docs/i18n.md): a word
    // written into their JSX fails the lint.
    files: TRANSLATED_FILES,
    ignores: UNTRANSLATED_FILES,
    plugins: { i18next },
    rules: { "i18next/no-literal-string": untranslatedTextRule },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
