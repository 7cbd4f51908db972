import { UNAUTHORIZED_EVENT } from '@crm/shared/api-client';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '@crm/shared/router';
import { loginPathFor } from '../utils/login-path';

/**
 * The API client clears the session on a 401 and fires `crm:unauthorized`; the user then signs in again and
 * comes back to where they were.
 */
export function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  // The listener reads the latest location without being re-added on every navigation.
  const current = useRef(location);
  useEffect(() => {
    current.current = location;
  }, [location]);

  useEffect(() => {
    const onUnauthorized = () => {
      const { pathname, search } = current.current;
      if (pathname === '/login') return;
      navigate(loginPathFor(pathname, search), { replace: true });
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);
}
