/** One shard as the operator's Shards table shows it (shards.server.ts `listShards`). */
export interface ShardView {
  id: number;
  binding: string;
  accepting: boolean;
  sizeBytes: number | null;
  firms: number;
  people: number;
  updatesLastHour: number | null;
  servedBy: string | null;
  probedAt: string | null;
  /** The firms the directory places here, by name. */
  firmList: { companyId: string; name: string; people: number }[];
}
