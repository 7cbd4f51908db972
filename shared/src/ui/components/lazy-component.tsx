import { Suspense, use, type ComponentType } from 'react';
import type { LazyPart } from './lazy-part';

/**
 * A component of the kit whose code is fetched the first time one renders. It suspends inside a boundary of its own
 * (so the page around it stays as it is, and draws it a moment later); a failed fetch reaches the page's error
 * boundary, whose retry fetches again. Once fetched it renders at once.
 */
export function lazyComponent<M, P extends object>(part: LazyPart<M>, pick: (module: M) => ComponentType<P>, displayName: string) {
  function Loaded(props: P) {
    const module = part.useLoaded() ?? use(part.load());
    const Component = pick(module);
    return <Component {...props} />;
  }
  function Lazy(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  Lazy.displayName = displayName;
  return Lazy;
}
