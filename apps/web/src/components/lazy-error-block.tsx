import type { ErrorBlockProps } from 'antd-mobile';
import { lazy, Suspense } from 'react';

const AntdErrorBlock = lazy(() =>
  import('antd-mobile/es/components/error-block').then((module) => ({ default: module.default })),
);

/**
 * antd's ErrorBlock, loaded the first time one is shown: its pictures (~10 KB gzip) are not worth
 * a place in the first download of a screen that shows one only when its data fails to load.
 */
export function LazyErrorBlock(props: ErrorBlockProps) {
  return (
    <Suspense fallback={null}>
      <AntdErrorBlock {...props} />
    </Suspense>
  );
}
