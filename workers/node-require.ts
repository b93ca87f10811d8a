import buffer from "node:buffer";
import crypto from "node:crypto";
import events from "node:events";
import fs from "node:fs";
import path from "node:path";
import querystring from "node:querystring";
import stream from "node:stream";
import string_decoder from "node:string_decoder";
import timers from "node:timers";
import url from "node:url";
import util from "node:util";
import zlib from "node:zlib";

/**
 * The SAML library (@node-saml/node-saml and its XML packages) is CommonJS and requires
 * Node's built-ins by bare name. Bundled as ESM, those become esbuild's `__require`, which
 * calls a global `require` if there is one: this module provides it, with workerd's own
 * modules (nodejs_compat), before the Remix build is evaluated (workers/app.ts imports it
 * first, and names an export: the package's "sideEffects": false would drop a bare import).
 * Decision 0150.
 */
const modules: Record<string, unknown> = { buffer, crypto, events, fs, path, querystring, stream, string_decoder, timers, url, util, zlib };

const scope = globalThis as { require?: (name: string) => unknown };
scope.require ??= (name: string) => {
  const found = modules[name.replace(/^node:/, "")];
  if (!found) throw new Error(`Cannot require "${name}" in the Worker`);
  return found;
};

export const nodeRequire = scope.require;
