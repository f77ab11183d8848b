import { ErrorBoundary } from '@meridian/web-kit/error-boundary';
import { lazy, type ReactNode, Suspense } from 'react';

/** antd's ErrorBlock (its pictures ~10 KB gzip) loads only when an area fails, never on a healthy first screen. */
const AreaFailed = lazy(() => import('./area-failed').then((module) => ({ default: module.AreaFailed })));

/** Keeps one failing area from blanking the whole screen; by default it says so, with a retry. */
export function AreaErrorBoundary({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: (reset: () => void) => ReactNode;
}) {
  return (
    <ErrorBoundary
      fallback={
        fallback ??
        ((reset) => (
          <Suspense fallback={null}>
            <AreaFailed onRetry={reset} />
          </Suspense>
        ))
      }
    >
      {children}
    </ErrorBoundary>
  );
}
