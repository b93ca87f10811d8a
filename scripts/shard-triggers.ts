/**
 * The fence and change-log triggers of every company-owned table (decision 0314, 0311 §6.1),
 * written from app/db/company-tables.ts: `tsx scripts/shard-triggers.ts` prints the SQL that
 * migration 0039 holds. A table added later needs its six in a new migration (the workerd test
 * tests/workerd/firm-moves.test.ts fails until it has them).
 */
import { COMPANY_TABLES, type CompanyTable } from "../app/db/company-tables";

const q = (name: string) => `\`${name}\``;

/** The row's key as SQL: a JSON array of its key columns, of NEW or OLD. */
export function keyOf(table: CompanyTable, row: "NEW" | "OLD"): string {
  return `json_array(${table.primaryKey.map((column) => `${row}.${q(column)}`).join(", ")})`;
}

function fenced(firm: string, states: string): string {
  return `EXISTS (SELECT 1 FROM \`firm_fence\` WHERE \`company_id\` = ${firm} AND \`state\` IN (${states}))`;
}

export function triggersOf(table: CompanyTable): string[] {
  const t = q(table.name);
  const firm = (row: "NEW" | "OLD") => `${row}.${q(table.firmColumn)}`;
  const refuse = "SELECT RAISE(ABORT, 'firm_held');";
  const log = (row: "NEW" | "OLD") =>
    `INSERT INTO \`move_changes\` (\`company_id\`, \`tbl\`, \`pk\`) VALUES (${firm(row)}, '${table.name}', ${keyOf(table, row)});`;
  const keyChanged = table.primaryKey.map((column) => `OLD.${q(column)} IS NOT NEW.${q(column)}`).join(" OR ");
  return [
    `CREATE TRIGGER \`${table.name}_fence_insert\` BEFORE INSERT ON ${t} WHEN ${fenced(firm("NEW"), "'held', 'gone'")} BEGIN ${refuse} END;`,
    `CREATE TRIGGER \`${table.name}_fence_update\` BEFORE UPDATE ON ${t} WHEN ${fenced(firm("NEW"), "'held', 'gone'")} OR ${fenced(firm("OLD"), "'held', 'gone'")} BEGIN ${refuse} END;`,
    // A firm that has left may have its rows deleted (the move's drain); a held one may not.
    `CREATE TRIGGER \`${table.name}_fence_delete\` BEFORE DELETE ON ${t} WHEN ${fenced(firm("OLD"), "'held'")} BEGIN ${refuse} END;`,
    `CREATE TRIGGER \`${table.name}_log_insert\` AFTER INSERT ON ${t} WHEN ${fenced(firm("NEW"), "'copying'")} BEGIN ${log("NEW")} END;`,
    `CREATE TRIGGER \`${table.name}_log_update\` AFTER UPDATE ON ${t} WHEN ${fenced(firm("OLD"), "'copying'")} OR ${fenced(firm("NEW"), "'copying'")} BEGIN ${log("OLD")} ${`INSERT INTO \`move_changes\` (\`company_id\`, \`tbl\`, \`pk\`) SELECT ${firm("NEW")}, '${table.name}', ${keyOf(table, "NEW")} WHERE ${keyChanged} OR OLD.${q(table.firmColumn)} IS NOT NEW.${q(table.firmColumn)};`} END;`,
    `CREATE TRIGGER \`${table.name}_log_delete\` AFTER DELETE ON ${t} WHEN ${fenced(firm("OLD"), "'copying'")} BEGIN ${log("OLD")} END;`,
  ];
}

/** The directory-outbox triggers of migration 0038, now silent for a firm that is not live on this shard (arriving or gone). */
const DIRECTORY_TRIGGERS: { name: string; on: string; firm: string; when?: string; body: string }[] = [
  { name: "directory_person_insert", on: "AFTER INSERT ON `users`", firm: "NEW.`company_id`", body: "('person', NEW.`id`, NEW.`company_id`)" },
  {
    name: "directory_person_update",
    on: "AFTER UPDATE OF `email`, `company_id` ON `users`",
    firm: "NEW.`company_id`",
    when: "(OLD.`email` IS NOT NEW.`email` OR OLD.`company_id` IS NOT NEW.`company_id`)",
    body: "('person', NEW.`id`, NEW.`company_id`)",
  },
  { name: "directory_person_delete", on: "AFTER DELETE ON `users`", firm: "OLD.`company_id`", body: "('person', OLD.`id`, OLD.`company_id`)" },
  { name: "directory_firm_insert", on: "AFTER INSERT ON `companies`", firm: "NEW.`id`", body: "('firm', NEW.`id`, NEW.`id`)" },
  {
    name: "directory_firm_update",
    on: "AFTER UPDATE OF `name`, `azure_ad_tenant_id` ON `companies`",
    firm: "NEW.`id`",
    when: "(OLD.`name` IS NOT NEW.`name` OR OLD.`azure_ad_tenant_id` IS NOT NEW.`azure_ad_tenant_id`)",
    body: "('firm', NEW.`id`, NEW.`id`)",
  },
  { name: "directory_firm_delete", on: "AFTER DELETE ON `companies`", firm: "OLD.`id`", body: "('firm', OLD.`id`, OLD.`id`)" },
  {
    name: "directory_domain_insert",
    on: "AFTER INSERT ON `company_domains`",
    firm: "NEW.`company_id`",
    body: "('domain', NEW.`domain`, NEW.`company_id`)",
  },
  {
    name: "directory_domain_update",
    on: "AFTER UPDATE OF `company_id`, `verified_at` ON `company_domains`",
    firm: "NEW.`company_id`",
    when: "(OLD.`company_id` IS NOT NEW.`company_id` OR OLD.`verified_at` IS NOT NEW.`verified_at`)",
    body: "('domain', NEW.`domain`, NEW.`company_id`)",
  },
  {
    name: "directory_domain_delete",
    on: "AFTER DELETE ON `company_domains`",
    firm: "OLD.`company_id`",
    body: "('domain', OLD.`domain`, OLD.`company_id`)",
  },
];

function directoryTriggers(): string[] {
  return DIRECTORY_TRIGGERS.flatMap((trigger) => {
    const live = `NOT ${fenced(trigger.firm, "'incoming', 'gone'")}`;
    const when = trigger.when ? `${trigger.when} AND ${live}` : live;
    return [
      `DROP TRIGGER \`${trigger.name}\`;`,
      `CREATE TRIGGER \`${trigger.name}\` ${trigger.on}\nWHEN ${when} BEGIN\n  INSERT INTO \`directory_outbox\` (\`kind\`, \`key\`, \`company_id\`) VALUES ${trigger.body};\nEND;`,
    ];
  });
}

export function shardTriggerSql(): string {
  return [
    "-- The directory hears only of firms live on this shard: a firm arriving or gone (its copy being written or deleted) says nothing.",
    ...directoryTriggers(),
    "-- Fences and change log of every company-owned table (scripts/shard-triggers.ts).",
    ...COMPANY_TABLES.flatMap(triggersOf),
  ].join("\n--> statement-breakpoint\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(shardTriggerSql());
