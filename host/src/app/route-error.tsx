import { Component, type ErrorInfo, type ReactNode } from 'react';
import { BlankLayout } from '../features/layout/components/blank-layout';
import { HostPage } from './host-pages';

/** A path whose params a guard refused (e.g. /document/12 without `-view`): the not-found page, without the layout. */
export function RouteNotFound() {
  return (
    <BlankLayout>
      <HostPage name="notFound" />
    </BlankLayout>
  );
}

interface RouteErrorBoundaryProps {
  /** The location's key: a navigation clears the error, as the data router's error element did. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  /** The resetKey the error happened under. */
  at: string | null;
}

/** The root error boundary: a route that throws while rendering shows the server error page, without the layout. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, State> {
  override state: State = { error: null, at: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: State): Partial<State> | null {
    if (state.error === null) return { at: props.resetKey };
    return state.at !== props.resetKey ? { error: null, at: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <BlankLayout>
        <HostPage name="serverError" />
      </BlankLayout>
    );
  }
}
