import { env } from "cloudflare:test";
import { createDb } from "~/db/client";
import { companyRow, groupRow, officeRow, userRow } from "~/db/factories";
import { companies, groups, offices, users } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { hashPassword, pepperRing } from "~/domain/identity/password-hash.server";
import { PASSWORD } from "./helpers";
import { uniqueAddress } from "./mail-helpers";

type Role = Parameters<typeof userRow>[1];

/**
 * A firm written straight onto shard `n` (its company, a group "Tax", an office "Lund" and one
 * person, signing in with PASSWORD when `password` is set), with the directory told of it: the
 * arrangement of the tests of flows across shards. `more` adds rows to the same batch.
 */
export async function firmOnShard(
  n: number,
  options: {
    company?: Parameters<typeof companyRow>[0];
    role?: Role;
    person?: { name: string; addressPrefix: string };
    password?: boolean;
    more?: (db: ReturnType<typeof createDb>, companyId: string) => Parameters<ReturnType<typeof createDb>["batch"]>[0][number][];
  } = {},
) {
  const installation = env as Env;
  const company = companyRow({ settings: "{}", ...options.company });
  const group = groupRow(company.id, { name: "Tax" });
  const office = officeRow(company.id, group.id, { name: "Lund" });
  const person = userRow(company.id, options.role ?? "companyAdmin", {
    email: uniqueAddress(options.person?.addressPrefix ?? "shard-firm"),
    name: options.person?.name ?? "Maja Mover",
    groupId: group.id,
    officeId: office.id,
    ...(options.password ? { passwordHash: await hashPassword(PASSWORD, pepperRing(installation), 1000) } : {}),
  });
  const db = createDb(shardsOf(installation)[n].d1);
  await db.batch([
    db.insert(companies).values(company),
    db.insert(groups).values(group),
    db.insert(offices).values(office),
    db.insert(users).values(person),
    ...(options.more?.(db, company.id) ?? []),
  ]);
  await flushDirectory(installation, shardsOf(installation)[n]);
  return { shard: n, company, group, office, person, email: person.email! };
}
