import { Component, type ErrorInfo, type ReactNode } from 'react';

type BoundaryProps = {
  children: ReactNode;
  /** What shows instead of the failed part; `reset` draws the children again (a retry). */
  fallback: (reset: () => void) => ReactNode;
};
type BoundaryState = { failed: boolean };

/**
 * Keeps one failing part of a screen from blanking the whole app (house style: a boundary per
 * area, per screen in the back office). React offers this only as a class component.
 */
export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Part of the screen failed to render', error, info.componentStack);
  }

  private readonly reset = () => this.setState({ failed: false });

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}
