import type { Knex } from 'knex';

// The display settings move to the plugin's own settings namespaces (kernel settings.namespace):
// 'display' becomes 'widgets' and 'display-trials' becomes 'widgets.trials'. Values are unchanged
// (the kernel reads a value without a version as version 1).
const RENAMES: [from: string, to: string][] = [
  ['display', 'widgets'],
  ['display-trials', 'widgets.trials'],
];

export async function up(knex: Knex) {
  for (const [from, to] of RENAMES) await knex('settings').where({ namespace: from }).update({ namespace: to });
}

export async function down(knex: Knex) {
  for (const [from, to] of RENAMES) await knex('settings').where({ namespace: to }).update({ namespace: from });
}
