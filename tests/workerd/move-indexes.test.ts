import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COMPANY_TABLES } from "~/db/company-tables";

/**
 * A move copies a firm's rows a chunk at a time, `where <firm column> = ? and rowid > ? order by
 * rowid limit 200`, and drains them the same way (decision 0314). On a table without an index on
 * the firm column that reads the whole table for every chunk, other firms' rows included
 * (migration 0040 added the five that were missing). Each plan here is SQLite's own, on a shard
 * migrated as production's are.
 */
interface PlanRow {
  detail: string;
}

async function copyPlan(table: (typeof COMPANY_TABLES)[number]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `explain query plan select rowid as "__rowid", * from "${table.name}" where "${table.firmColumn}" = ?1 and rowid > ?2 order by rowid limit 200`,
  )
    .bind("x", 0)
    .all<PlanRow>();
  return results.map((row) => row.detail);
}

describe("a move's copy query finds a firm's rows by an index (migration 0040)", () => {
  it("searches every company table by its firm column, never scans it", async () => {
    const scans: string[] = [];
    for (const table of COMPANY_TABLES) {
      const plan = await copyPlan(table);
      const search = plan.find((detail) => detail.startsWith("SEARCH"));
      if (!search || !search.includes(`(${table.firmColumn}=?`)) scans.push(`${table.name}: ${plan.join(" / ")}`);
    }
    expect(scans).toEqual([]);
  });

  it("seeks straight to the cursor on the five tables 0040 indexed (no sort of the firm's rows)", async () => {
    for (const name of ["calendar_feeds", "data_exports", "email_change_tokens", "push_outbox", "web_push_subscriptions"]) {
      const plan = await copyPlan(COMPANY_TABLES.find((table) => table.name === name)!);
      expect(plan, name).toEqual([`SEARCH ${name} USING INDEX ${name}_company_idx (company_id=? AND rowid>?)`]);
    }
  });
});
