import { sql } from "drizzle-orm";
import { sessions } from "./schema";

/**
 * A session's person and company as subqueries on the placeholder `sessionId`, as
 * SessionScope has them on a session id: what a session rider compiled once per isolate
 * (compiledSelect, decision 0310) is built from; each request binds its `scope.sessionId`.
 */
export const sessionPlaceholders = {
  userId: sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sql.placeholder("sessionId")})`,
  companyId: sql`(select ${sessions.companyId} from ${sessions} where ${sessions.id} = ${sql.placeholder("sessionId")})`,
};
