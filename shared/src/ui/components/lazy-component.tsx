import { Suspense, use, type ComponentType, type ReactNode } from 'react';
import type { LazyPart } from './lazy-part';

export interface LazyComponentOptions<P> {
  /**
   * While false (and the part not yet here) the component draws nothing and fetches nothing: an overlay asks for its
   * part when it first opens, as the Radix one draws nothing while closed. Once the part is here it always renders,
   * open or closed, so closing still animates.
   */
  wanted?: (props: P) => boolean;
  /** What shows while the part is fetched (nothing by default), e.g. a box at the height the component will take. */
  fallback?: (props: P) => ReactNode;
}

/**
 * A component of the kit whose code is fetched the first time one renders (or is wanted). It suspends inside a
 * boundary of its own, so the page around it stays as it is and draws it a moment later; a failed fetch reaches the
 * page's error boundary, whose retry fetches again. Once fetched it renders at once. The kit's one lazy helper: see
 * README.md beside this file.
 */
export function lazyComponent<M, P extends object>(
  part: LazyPart<M>,
  pick: (module: M) => ComponentType<P>,
  displayName: string,
  { wanted, fallback }: LazyComponentOptions<P> = {},
) {
  function Loaded(props: P) {
    const module = part.useLoaded() ?? use(part.load());
    const Component = pick(module);
    return <Component {...props} />;
  }
  function Lazy(props: P) {
    const module = part.useLoaded();
    if (module) {
      const Component = pick(module);
      return <Component {...props} />;
    }
    if (wanted && !wanted(props)) return null;
    return (
      <Suspense fallback={fallback ? fallback(props) : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Lazy.displayName = displayName;
  return Lazy;
}
