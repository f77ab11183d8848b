import { Button, ErrorBlock } from 'antd-mobile';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
    return this.props.fallback ? this.props.fallback(this.reset) : <AreaFailed onRetry={this.reset} />;
  }
}

export function AreaFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock status="default" title={t('errors.areaFailedTitle')} description={t('errors.areaFailedHint')}>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
