import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
import { newId } from "../lib/ids";

/** Ids look like the 24-hex-digit `_id`s the existing clients already handle. */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => newId());

export const createdAt = () => integer("created_at", { mode: "timestamp_ms" }).notNull().default(nowMs);

export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowMs)
    .$onUpdateFn(() => new Date());

/** A calendar day stored as the UTC start of that day, in ms. */
export const day = (name: string) => integer(name, { mode: "timestamp_ms" });

export const flag = (name: string) => integer(name, { mode: "boolean" }).notNull().default(false);
