import { drizzle } from "drizzle-orm/d1";
import type { Env } from "~/env";
import { createDb } from "./client";
import * as directorySchema from "./directory-schema";

/**
 * The installation's databases (decision 0312): the shards, where firms live (`DB` is shard 0,
 * `DB_SHARD_1` … the others, on ./migrations), and the directory (`DIRECTORY`, on
 * ./migrations-directory), which says which shard holds each firm.
 */
export interface Shard {
  readonly id: number;
  readonly binding: string;
  readonly d1: D1Database;
}

const SHARD_BINDING = /^DB_SHARD_([1-9]\d*)$/;

/** Every shard this Worker binds, in order: shard n is `DB_SHARD_n` (shard 0 is `DB`). */
const bound = new WeakMap<Env, Shard[]>();

export function shardsOf(env: Env): Shard[] {
  let shards = bound.get(env);
  if (!shards) {
    shards = findShards(env);
    bound.set(env, shards);
  }
  return shards;
}

function findShards(env: Env): Shard[] {
  const shards: Shard[] = [{ id: 0, binding: "DB", d1: env.DB }];
  const bindings = env as unknown as Record<string, unknown>;
  for (const key of Object.keys(bindings)) {
    const n = SHARD_BINDING.exec(key)?.[1];
    if (n) shards.push({ id: Number(n), binding: key, d1: bindings[key] as D1Database });
  }
  return shards.sort((a, b) => a.id - b.id);
}

export function shardDb(shard: Shard) {
  return createDb(shard.d1);
}

/**
 * Where the installation's own tables live (`installation_domains`, `login_attempts`): shard 0,
 * where they were before there were shards, whichever shard the reader's firm is on.
 */
export function installationDb(env: Env) {
  return createDb(env.DB);
}

const directories = new WeakMap<D1Database, ReturnType<typeof buildDirectory>>();

function buildDirectory(d1: D1Database) {
  return drizzle(d1, { schema: directorySchema });
}

/** The directory's drizzle client, one per isolate (as createDb). */
export function directoryDb(env: Env) {
  let db = directories.get(env.DIRECTORY);
  if (!db) {
    db = buildDirectory(env.DIRECTORY);
    directories.set(env.DIRECTORY, db);
  }
  return db;
}

export type DirectoryDb = ReturnType<typeof directoryDb>;
