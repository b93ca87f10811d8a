import { and, eq, type InferSelectModel, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { DomainContext } from "./context";
import { NotFoundError } from "./errors";

type CompanyOwned = SQLiteTable & { id: SQLiteColumn; companyId: SQLiteColumn };

/**
 * A row of the caller's company by id, or "{what} not found" (404): another company's id
 * is not found, never forbidden. `also` narrows further (the owner of a forecast, say).
 */
export async function requireRow<T extends CompanyOwned>(
  ctx: DomainContext,
  table: T,
  id: string,
  what: string,
  also?: SQL,
): Promise<InferSelectModel<T>> {
  const [row] = await ctx.db
    .select()
    .from(table as SQLiteTable)
    .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId), also))
    .limit(1);
  if (!row) throw new NotFoundError(`${what} not found`);
  return row as InferSelectModel<T>;
}
