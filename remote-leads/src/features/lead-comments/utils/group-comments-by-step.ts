import type { CommentStep, LeadComment } from '@crm/shared/schemas';

export type CommentGroup = {
  key: string;
  /** null for comments without a step. */
  stepId: number | null;
  title: string;
  /** The step's colour (comment steps page); null for comments without a step. */
  color: string | null;
  comments: LeadComment[];
};

export const NO_STEP_TITLE = 'Без этапа';

/**
 * Comments grouped by their step, groups in the steps' position order, comments in the order given (oldest first).
 * Steps the list does not know (deleted, or the list could not be read) follow in order of appearance, named as the
 * comment names them; comments without a step come last. Steps without comments are left out.
 */
export function groupCommentsByStep(comments: readonly LeadComment[], steps: readonly CommentStep[]): CommentGroup[] {
  const byStep = new Map<number | null, LeadComment[]>();
  for (const comment of comments) {
    const stepId = comment.step?.id ?? null;
    const list = byStep.get(stepId);
    if (list) list.push(comment);
    else byStep.set(stepId, [comment]);
  }

  const known = [...steps].sort((a, b) => a.position - b.position || a.id - b.id);
  const groups: CommentGroup[] = known.flatMap((step) => {
    const list = byStep.get(step.id);
    return list ? [{ key: `step-${step.id}`, stepId: step.id, title: step.name, color: step.color, comments: list }] : [];
  });

  const knownIds = new Set(known.map((step) => step.id));
  for (const [stepId, list] of byStep) {
    if (stepId === null || knownIds.has(stepId)) continue;
    groups.push({ key: `step-${stepId}`, stepId, title: list[0].step?.name ?? `#${stepId}`, color: list[0].step?.color ?? null, comments: list });
  }

  const unstaged = byStep.get(null);
  if (unstaged) groups.push({ key: 'no-step', stepId: null, title: NO_STEP_TITLE, color: null, comments: unstaged });
  return groups;
}
