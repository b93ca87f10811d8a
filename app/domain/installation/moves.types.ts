import type { MoveState } from "~/db/directory-schema";

/** A move as the operator's view and GET /api/v2/operator/moves show it (moves.server.ts `listMoves`). */
export interface MoveView {
  id: string;
  companyId: string;
  firmName: string | null;
  fromShard: number;
  toShard: number;
  state: MoveState;
  /** The table being copied, while copying. */
  table: string | null;
  tablesDone: number;
  tables: number;
  rowsCopied: number;
  holdsTried: number;
  error: string | null;
  startedAt: string;
  switchedAt: string | null;
  drainAfter: string | null;
  finishedAt: string | null;
}
