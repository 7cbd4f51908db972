import type { ReactNode } from 'react';
import type { AbilityAction, AbilitySubject } from '@crm/shared/schemas/mini';
import { useAbility } from './use-ability';

type CanSubject = { a: AbilitySubject; an?: never } | { an: AbilitySubject; a?: never };

export type CanProps = { I: AbilityAction; not?: boolean; children?: ReactNode | ((allowed: boolean) => ReactNode) } & CanSubject;

/**
 * Renders its children only when the ability allows `I` on `a`/`an` (`<Can I="view" a="lead">`);
 * `not` inverts the check. A function child is always called with the answer.
 */
export function Can(props: CanProps) {
  const ability = useAbility();
  const subject = (props.a ?? props.an) as AbilitySubject;
  const allowed = ability.can(props.I, subject) !== Boolean(props.not);
  if (typeof props.children === 'function') return <>{props.children(allowed)}</>;
  return allowed ? <>{props.children}</> : null;
}
