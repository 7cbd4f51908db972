import { useAbility } from '@crm/shared/abilities/react';
import type { LeadStatus } from '@crm/shared/schemas';
import { OrderedColorTable, type OrderedColorTableProps } from '@crm/shared/ui';

export type LeadStatusTableProps = Omit<OrderedColorTableProps<LeadStatus>, 'items' | 'canEdit' | 'canDelete' | 'labels'> & {
  statuses: readonly LeadStatus[];
};

const LABELS = {
  name: 'Название статуса',
  color: (name: string) => `Цвет статуса ${name}`,
  palette: (name: string) => `Цвета для статуса ${name}`,
};

/** The statuses in their order: rename, recolour and reorder with `edit lead-status`, delete with `delete lead-status`. */
export function LeadStatusTable({ statuses, ...props }: LeadStatusTableProps) {
  const ability = useAbility();
  return (
    <OrderedColorTable
      {...props}
      items={statuses}
      labels={LABELS}
      canEdit={ability.can('edit', 'lead-status')}
      canDelete={ability.can('delete', 'lead-status')}
    />
  );
}
