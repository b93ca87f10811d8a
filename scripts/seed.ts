import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fakeIdpPort } from "../tests/fakes/saml-idp-server";
import { inviteEmail } from "../app/domain/identity/emails";
import { buildSeed, standInAddressesSql, toSql } from "./seed-data";

/** Seeds the local D1 of `wrangler dev` (idempotent). SEED_USERS sets the number of generated people, SEED_PROJECTS of generated projects. */
const people = Number(process.env.SEED_USERS ?? 60);
if (!Number.isInteger(people) || people < 0) {
  console.error(`SEED_USERS must be a whole number, got "${process.env.SEED_USERS}"`);
  process.exit(1);
}
const projects = Number(process.env.SEED_PROJECTS ?? 0);
if (!Number.isInteger(projects) || projects < 0) {
  console.error(`SEED_PROJECTS must be a whole number, got "${process.env.SEED_PROJECTS}"`);
  process.exit(1);
}
const persistTo = process.env.PERSIST_TO;
const started = Date.now();
// The seeded invite mail links to this app: APP_URL, or the local server on $PORT (default 8787).
const appUrl = process.env.APP_URL || `http://127.0.0.1:${process.env.PORT || 8787}`;
// Demo Law signs in through the loopback SAML IdP that `npm start` runs on $PORT + 1000.
const ssoLoginUrl = `http://127.0.0.1:${fakeIdpPort()}/saml/sso`;
const seed = await buildSeed({ people, appUrl, projects, ssoLoginUrl, inviteMail: inviteEmail });
const sql = `${toSql(seed)}\n${standInAddressesSql(seed)}`;
mkdirSync(".seed", { recursive: true });
// One file per run: two `npm start` seeding at once (decision 0285) write different SQL (each
// points Demo Law at its own stand-ins), and a shared name let one execute the other's.
const file = `.seed/seed-${people}-${projects}-${process.pid}.sql`;
writeFileSync(file, sql);
const args = ["wrangler", "d1", "execute", "DB", "--local", "--env", "dev", "--file", file, "--yes"];
if (persistTo) args.push("--persist-to", persistTo);
try {
  execFileSync("npx", args, { stdio: ["ignore", "ignore", "inherit"] });
} finally {
  rmSync(file, { force: true });
}
console.log(`Seeded ${people} generated people (plus demo accounts) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
