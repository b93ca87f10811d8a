import type { Env } from "~/env";
import { shardsOf } from "~/db/shards.server";
import { REMINDER_CRON } from "~/domain/operations/crons";
import { flushDirectory, reconcileDirectory } from "./firm-directory.server";
import { probeShards } from "./shards.server";

/**
 * The installation's own cron work (decision 0312), after each shard's: the reminder cron only
 * drains the directory outboxes; the housekeeping cron also runs a bounded reconcile step, and
 * in the first run of each hour measures the shards for the operator's view.
 */
export async function runInstallationWork(env: Env, now: Date, cron?: string): Promise<void> {
  if (cron === REMINDER_CRON) {
    for (const shard of shardsOf(env))
      await flushDirectory(env, shard, now).catch((error) => console.error(`[directory] flushing ${shard.binding} failed`, error));
    return;
  }
  await reconcileDirectory(env, now).catch((error) => console.error("[directory] reconcile failed", error));
  if (now.getUTCMinutes() < 5) await probeShards(env, now);
}
