import type { ReactNode } from 'react';

export interface LtrProps {
  children?: ReactNode;
}

/**
 * A value that always reads left to right (phone, email, number, date), isolated from the text around it: in a
 * right-to-left page the bidi algorithm would otherwise reorder its digit groups ("22 02 117 930 7+"). `<bdi>` keeps
 * it from reordering its neighbours too.
 */
export function Ltr({ children }: LtrProps) {
  return <bdi dir="ltr">{children}</bdi>;
}
