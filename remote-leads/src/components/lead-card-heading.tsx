import { Link } from '@crm/shared/router';
import styled from 'styled-components';

/** The first row of a lead's card (the phone list and the kanban): its name, and at the end what the card offers. */
export const LeadCardTop = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: 0.5rem;
`;

/** The lead's name, a link to its page; a long one wraps inside the card rather than pushing the row's end out. */
export const LeadCardName = styled(Link)`
  min-width: 0;
  font-weight: 500;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  overflow-wrap: anywhere;
  &:hover, &:focus-visible { color: ${({ theme }) => theme.colors.primaryText}; }
`;
