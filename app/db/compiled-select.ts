import { fillPlaceholders, type Query } from "drizzle-orm";
import type { Db } from "./client";

/** What drizzle's select hands its session to prepare: the parts that do not change between requests. */
interface Compiled {
  query: Query;
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
  cacheConfig: unknown;
}

/** The drizzle internals this module leans on (drizzle-orm 0.45: `SQLiteSelect._prepare`, the D1 session's `prepareQuery`). */
interface PreparedInternals {
  getQuery(): Query;
  fields: unknown;
  joinsNotNullableMap: unknown;
  queryMetadata: unknown;
  cacheConfig: unknown;
}
interface SessionInternals {
  prepareQuery(
    query: Query,
    fields: unknown,
    executeMethod: "all",
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: unknown,
    cacheConfig: unknown,
  ): PreparedInternals & { joinsNotNullableMap: unknown; all(): Promise<unknown> };
}

/**
 * A select whose SQL is built once per isolate (decision 0310). drizzle builds a statement's
 * SQL on every request, asking `is()` of each chunk against a dozen classes: for the session
 * lookup, which every signed-in request runs, that was a third of users/me's CPU. `build`
 * writes the select with `sql.placeholder(name)` where a request's values go (it must put
 * nothing else of a request into it: it runs once, for the first request); each call then
 * fills the placeholders and gives a statement for `db.batch`, or to await, with the rows
 * drizzle would have mapped. A placeholder compared with a column is bound as it is, so a
 * timestamp column's value is given in milliseconds.
 */
export function compiledSelect<Values extends Record<string, unknown>, Q>(build: (db: Db) => Q) {
  let compiled: Compiled | undefined;
  return (db: Db, values: Values): Q => {
    if (!compiled) {
      const prepared = (build(db) as unknown as { _prepare(): PreparedInternals })._prepare();
      compiled = {
        query: prepared.getQuery(),
        fields: prepared.fields,
        joinsNotNullableMap: prepared.joinsNotNullableMap,
        queryMetadata: prepared.queryMetadata,
        cacheConfig: prepared.cacheConfig,
      };
    }
    const { query, fields, joinsNotNullableMap, queryMetadata, cacheConfig } = compiled;
    const prepare = () => {
      const session = (db as unknown as { session: SessionInternals }).session;
      const prepared = session.prepareQuery(
        { sql: query.sql, params: fillPlaceholders(query.params, values) },
        fields,
        "all",
        true,
        undefined,
        queryMetadata,
        cacheConfig,
      );
      prepared.joinsNotNullableMap = joinsNotNullableMap;
      return prepared;
    };
    const statement = {
      _prepare: prepare,
      then: (onDone: (rows: unknown) => unknown, onFailed?: (error: unknown) => unknown) => prepare().all().then(onDone, onFailed),
    };
    return statement as unknown as Q;
  };
}
