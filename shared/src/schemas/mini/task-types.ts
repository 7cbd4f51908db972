// In `schemas/mini` so that a task form can offer the types without the classic schemas (docs/decisions/080);
// `@crm/shared/schemas` re-exports them.

/** What a task is (docs/decisions/074): звонок, встреча, письмо, задача. */
export const TASK_TYPES = ['call', 'meeting', 'email', 'task'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
