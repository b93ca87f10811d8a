/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.test.*"],
  serverBuildPath: "build/index.js",
  serverConditions: ["workerd", "worker", "browser"],
  // Everything is bundled except partyserver, which imports "cloudflare:workers", and the
  // runtime's own "cloudflare:*" modules (sockets for SMTP): wrangler resolves those when it
  // bundles workers/app.ts together with this build.
  // Node's built-in modules that the SAML library (@node-saml/node-saml and its XML
  // packages) requires by bare name stay imports too: workerd provides them (nodejs_compat).
  serverDependenciesToBundle: [
    /^(?!partyserver(\/|$)|cloudflare:|(node:)?(crypto|events|timers|fs|path|querystring|url|zlib|util|stream|buffer|string_decoder)$).*/,
  ],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: false,
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  serverNodeBuiltinsPolyfill: { modules: {} },
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
