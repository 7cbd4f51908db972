import { Fragment, type ReactNode } from 'react';
import { Link } from '@crm/shared/router';
import styled from 'styled-components';
import type { PhoneDuplicate } from '@crm/shared/schemas';
import { IconAlertTriangle } from '@crm/shared/ui';
import { formatLeadName } from '../../../utils/format-lead-name';

export interface PhoneDuplicateWarningProps {
  duplicates: readonly PhoneDuplicate[];
  /** After each duplicate, e.g. «Объединить с …» on an existing lead's form (composed in by the app). */
  renderAction?: (duplicate: PhoneDuplicate) => ReactNode;
}

const Warning = styled.span`
  display: inline-flex;
  align-items: flex-start;
  gap: 0.25rem;
  color: ${({ theme }) => theme.colors.text};
  svg { flex: none; margin-top: 0.0625rem; color: ${({ theme }) => theme.colors.warning}; }
`;

/**
 * Under the phone field: the leads that already have this number, each a link to it (in a new tab, so what is typed
 * here stays). Only a warning: the form still saves (docs/decisions/016).
 */
export function PhoneDuplicateWarning({ duplicates, renderAction }: PhoneDuplicateWarningProps) {
  if (duplicates.length === 0) return null;
  return (
    <Warning role="status">
      <IconAlertTriangle size={16} aria-hidden />
      <span>
        {duplicates.length === 1 ? 'Лид с таким телефоном уже есть: ' : 'Лиды с таким телефоном уже есть: '}
        {duplicates.map((lead, index) => (
          <Fragment key={lead.id}>
            {index > 0 ? ', ' : null}
            <Link to={`/leads/${lead.id}`} target="_blank" rel="noopener noreferrer">
              {formatLeadName(lead) || `#${lead.id}`}
            </Link>
            {renderAction ? <> {renderAction(lead)}</> : null}
          </Fragment>
        ))}
      </span>
    </Warning>
  );
}
