import { useAbility } from '@crm/shared/abilities/react';
import type { CommentStep } from '@crm/shared/schemas';
import { Chip, IconButton, OrderedColorTable, type OrderedColorTableProps } from '@crm/shared/ui';
import { IconArchive, IconArchiveOff } from './icon-archive';

export type CommentStepTableProps = Omit<OrderedColorTableProps<CommentStep>, 'items' | 'canEdit' | 'canDelete' | 'labels'> & {
  steps: readonly CommentStep[];
  /** Archives an active step, restores an archived one. */
  onArchiveToggle: (step: CommentStep) => void;
};

const LABELS = {
  name: 'Название шага',
  color: (name: string) => `Цвет шага ${name}`,
  palette: (name: string) => `Цвета для шага ${name}`,
};

/**
 * The steps in their order: rename, recolour, reorder, archive or restore with `edit step`, delete with
 * `delete step`. An archived step is marked; it stays on old comments and is not offered for new ones.
 */
export function CommentStepTable({ steps, onArchiveToggle, ...props }: CommentStepTableProps) {
  const ability = useAbility();
  const canEdit = ability.can('edit', 'step');
  return (
    <OrderedColorTable
      {...props}
      items={steps}
      labels={LABELS}
      canEdit={canEdit}
      canDelete={ability.can('delete', 'step')}
      actionsWidth="180px"
      nameAddon={(step) =>
        step.archived ? (
          <Chip color="secondary" size="sm">
            В архиве
          </Chip>
        ) : null
      }
      extraActions={(step) =>
        canEdit ? (
          <IconButton label={`${step.archived ? 'Восстановить' : 'В архив'} ${step.name}`} size="sm" onClick={() => onArchiveToggle(step)}>
            {step.archived ? <IconArchiveOff size={18} /> : <IconArchive size={18} />}
          </IconButton>
        ) : null
      }
    />
  );
}
