import { Link, type LinkProps } from '@crm/shared/router';
import styled from 'styled-components';

export interface IconLinkProps extends Omit<LinkProps, 'aria-label'> {
  /** Accessible name and tooltip. */
  label: string;
}

const Root = styled(Link)`
  display: inline-grid;
  place-items: center;
  width: 1.875rem;
  height: 1.875rem;
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.textMuted};
  transition: background ${({ theme }) => theme.transition};
  &:hover { background: ${({ theme }) => theme.colors.hover}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 1px; }
`;

/** A round icon-only link that looks like the kit's small IconButton; a link so it opens in a new tab too. */
export function IconLink({ label, title, ...rest }: IconLinkProps) {
  return <Root aria-label={label} title={title ?? label} {...rest} />;
}
