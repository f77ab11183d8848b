import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';

/** antd's ErrorBlock (its pictures ~10 KB gzip) loads only when an area fails, never on a healthy first screen. */
const AreaFailed = lazy(() => import('./area-failed').then((module) => ({ default: module.AreaFailed })));

type BoundaryProps = { children: ReactNode; fallback?: (reset: () => void) => ReactNode };
type BoundaryState = { failed: boolean };

/** Keeps one failing area from blanking the whole screen (house style: a boundary per area). */
export class AreaErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Area failed to render', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.reset);
    return (
      <Suspense fallback={null}>
        <AreaFailed onRetry={this.reset} />
      </Suspense>
    );
  }
}
