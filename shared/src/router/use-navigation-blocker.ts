import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_NavigationContext } from 'react-router-dom';

/**
 * While `when` holds, an in-app navigation (a link, `navigate()`) calls `onBlocked(proceed)` instead of happening;
 * `proceed()` lets it through. react-router's `useBlocker` needs the data router, which the host and the standalone
 * shells leave out (docs/decisions/033), so this wraps the router's navigator (declarative mode) or its `navigate`
 * (a data router, as the tests use) for as long as it is needed (docs/decisions/064). Back and forward in the browser
 * are not held: the URL has already changed when the router hears of them.
 */
export function useNavigationBlocker(when: boolean, onBlocked: (proceed: () => void) => void): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext)?.router;
  const latest = useRef(onBlocked);
  useEffect(() => {
    latest.current = onBlocked;
  });

  useEffect(() => {
    if (!when) return undefined;
    if (dataRouter) {
      const navigate = dataRouter.navigate;
      dataRouter.navigate = ((...args: Parameters<typeof navigate>) => {
        latest.current(() => void navigate.apply(dataRouter, args));
        return Promise.resolve();
      }) as typeof navigate;
      return () => {
        dataRouter.navigate = navigate;
      };
    }
    const { push, replace } = navigator;
    navigator.push = (...args) => latest.current(() => push.apply(navigator, args));
    navigator.replace = (...args) => latest.current(() => replace.apply(navigator, args));
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [when, navigator, dataRouter]);
}
