import { useEffect, type ComponentType } from 'react';
import { requestOverlays, useOverlays } from './overlay-loader';

type Overlays = NonNullable<ReturnType<typeof useOverlays>>;

/**
 * An overlay of the kit that fetches its Radix part when it first opens (without an `open` prop, when it mounts).
 * Until then it draws nothing, as the Radix one draws nothing while closed; once the part is here it renders that,
 * open or closed (so closing still animates).
 */
export function lazyOverlay<P extends object>(pick: (overlays: Overlays) => ComponentType<P>, displayName: string) {
  function LazyOverlay(props: P) {
    const overlays = useOverlays();
    const open = 'open' in props ? Boolean(props.open) : true;
    useEffect(() => {
      if (open) requestOverlays();
    }, [open]);
    if (!overlays) return null;
    const Overlay = pick(overlays);
    return <Overlay {...props} />;
  }
  LazyOverlay.displayName = displayName;
  return LazyOverlay;
}
