import { applyD1Migrations, env } from "cloudflare:test";

// Every shard of the development installation and its directory (decision 0312).
await Promise.all([
  applyD1Migrations(env.DB, env.TEST_MIGRATIONS),
  applyD1Migrations(env.DB_SHARD_1!, env.TEST_MIGRATIONS),
  applyD1Migrations(env.DB_SHARD_2!, env.TEST_MIGRATIONS),
  applyD1Migrations(env.DIRECTORY, env.TEST_DIRECTORY_MIGRATIONS),
]);
