import type { ReactNode } from 'react';
import { Outlet } from '@crm/shared/router';
import styled from 'styled-components';

const Main = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: 1.5rem;
`;

export interface BlankLayoutProps {
  /** Given by error elements, which have no outlet; routes leave it out. */
  children?: ReactNode;
}

/** Centred single-card pages: sign-in, password reset, not-found, not-authorized. */
export function BlankLayout({ children }: BlankLayoutProps) {
  return <Main>{children ?? <Outlet />}</Main>;
}
