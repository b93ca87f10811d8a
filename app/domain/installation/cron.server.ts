import type { Env } from "~/env";
import { shardsOf } from "~/db/shards.server";
import { REMINDER_CRON } from "~/domain/operations/crons";
import { flushDirectory, reconcileDirectory } from "./firm-directory.server";
import { runMoves } from "./moves.server";
import { probeShards } from "./shards.server";

/**
 * The installation's own cron work (decision 0312), after each shard's: the reminder cron only
 * drains the directory outboxes; the housekeeping cron also takes a step of each firm's move
 * between shards, runs a bounded reconcile step, and
 * in the first run of each hour measures the shards for the operator's view.
 */
export async function runInstallationWork(env: Env, now: Date, cron?: string): Promise<void> {
  if (cron === REMINDER_CRON) {
    for (const shard of shardsOf(env))
      await flushDirectory(env, shard, now).catch((error) => console.error(`[directory] flushing ${shard.binding} failed`, error));
    return;
  }
  // Firms being moved between shards take one bounded step each (decision 0314).
  await runMoves(env, now).catch((error) => console.error("[moves] failed", error));
  await reconcileDirectory(env, now).catch((error) => console.error("[directory] reconcile failed", error));
  if (now.getUTCMinutes() < 5) await probeShards(env, now);
}
