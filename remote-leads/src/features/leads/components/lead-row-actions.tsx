import { memo } from 'react';
import styled from 'styled-components';
import { Can } from '@crm/shared/abilities/react';
import { IconButton, IconEye, IconPencil, IconTrash } from '@crm/shared/ui';
import { IconLink } from './icon-link';

export interface LeadRowActionsProps {
  leadId: number;
  /** Names the lead in each action's accessible name. */
  leadName: string;
  onDelete: (leadId: number, leadName: string) => void;
}

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.125rem;
`;

/**
 * Open, edit and delete, each shown only with its ability. Edit needs `create lead` because the spec guards the
 * form's route with it, and `edit lead` because the API checks that on save.
 */
export const LeadRowActions = memo(function LeadRowActions({ leadId, leadName, onDelete }: LeadRowActionsProps) {
  return (
    <Root>
      <Can I="view" a="lead">
        <IconLink to={`/leads/${leadId}`} label={`Открыть ${leadName}`}>
          <IconEye size={18} />
        </IconLink>
      </Can>
      <Can I="create" a="lead">
        <Can I="edit" a="lead">
          <IconLink to={`/leads/${leadId}/edit`} label={`Редактировать ${leadName}`}>
            <IconPencil size={18} />
          </IconLink>
        </Can>
      </Can>
      <Can I="delete" a="lead">
        <IconButton size="sm" color="error" label={`Удалить ${leadName}`} onClick={() => onDelete(leadId, leadName)}>
          <IconTrash size={18} />
        </IconButton>
      </Can>
    </Root>
  );
});
