import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export interface SkipLinkProps {
  /** The id of the page's `<main>`, which takes the focus. */
  targetId: string;
}

// Off screen until focused, then drawn over the navbar's start corner.
const Link = styled.a`
  position: fixed;
  inset-block-start: 0.5rem;
  inset-inline-start: 0.5rem;
  z-index: ${({ theme }) => theme.zIndex.toast + 1};
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.primaryFill};
  color: ${({ theme }) => theme.colors.onPrimary};
  box-shadow: ${({ theme }) => theme.shadows.md};
  transform: translateY(-200%);
  &:focus { transform: none; outline: 2px solid ${({ theme }) => theme.colors.onPrimary}; outline-offset: -4px; }
`;

/** The first stop of the keyboard: jumps past the navigation and the navbar to the page. */
export function SkipLink({ targetId }: SkipLinkProps) {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus, not a hash change: the router owns the URL.
    event.preventDefault();
    document.getElementById(targetId)?.focus();
  };
  return (
    <Link href={`#${targetId}`} onClick={onClick}>
      {t('layout.skipToContent')}
    </Link>
  );
}
