import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LazyPartLoadError } from '@crm/shared/ui';
import { ModuleLoadError } from '../utils/module-load-error';
import { raiseModuleError } from '../utils/raise-module-error';
import { raisePreloadError } from '../utils/raise-preload-error';
import { ModuleFailure } from './module-failure';

export interface ModuleErrorBoundaryProps {
  /** Named in the error, e.g. `remote_leads`. */
  source: string;
  /** The page module, e.g. `remote_leads/leads-list-page`, named in the error report. */
  moduleId?: string;
  onRetry: () => void;
  /** Called once a load (not a render) failed, so the failed download is not reused. */
  onLoadError?: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failing page inside the layout: the error shows in place of the page and the rest of the app keeps working. */
export class ModuleErrorBoundary extends Component<ModuleErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (error instanceof ModuleLoadError) {
      this.props.onLoadError?.();
      raisePreloadError(error);
    } else if (error instanceof LazyPartLoadError) {
      // A kit part the page fetches on first use: a failed load like the page's own, and the retry fetches it again.
      raisePreloadError(error);
    } else {
      console.error(`Page from ${this.props.source} failed to render`, error, info.componentStack);
      raiseModuleError({ source: this.props.source, moduleId: this.props.moduleId, error });
    }
  }

  private readonly retry = () => {
    // A kit part that failed is fetched again on the next render, as the page itself is.
    if (this.state.error instanceof LazyPartLoadError) this.state.error.retry();
    this.props.onRetry();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ModuleFailure source={this.props.source} error={error} onRetry={this.retry} />;
  }
}
