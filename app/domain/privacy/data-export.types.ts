/** What the settings page shows. */
export type DataExportState =
  | { status: "none" }
  | { status: "preparing"; rows: number; sections: number; done: number }
  | { status: "failed"; error: string }
  | {
      status: "ready";
      expiresAt: string;
      links: { json: string | null; xlsx: string | null };
    }
  | { status: "expired" };
