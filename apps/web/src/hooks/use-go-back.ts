import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back within the app when there is somewhere to go back to; on a page opened directly by its
 * address (the router's first location has the key 'default') go home instead of leaving the app.
 */
export function useGoBack(fallbackPath = '/') {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallbackPath, { replace: true });
  }, [fallbackPath, location.key, navigate]);
}
