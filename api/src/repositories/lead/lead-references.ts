/**
 * A table whose rows belong to a lead through a foreign key to `leads`. `uniqueWith`: the other columns of its unique
 * key with the lead column (one row per lead and user), so a merge moves only the rows the kept lead lacks.
 */
export interface LeadReference {
  table: string;
  column: string;
  uniqueWith?: readonly string[];
}

/**
 * Every table referencing `leads`: what a merge moves to the kept lead (docs/decisions/075). A new table with a
 * foreign key to leads gets its line here; lead-merge-routes.test.ts reads the catalogue and fails for one missing.
 */
export const LEAD_REFERENCES: readonly LeadReference[] = [
  { table: 'lead_users', column: 'lead_id', uniqueWith: ['user_id'] },
  { table: 'lead_favorites', column: 'lead_id', uniqueWith: ['user_id'] },
  { table: 'lead_comments', column: 'lead_id' },
  { table: 'lead_history', column: 'lead_id' },
  { table: 'tasks', column: 'lead_id' },
];
