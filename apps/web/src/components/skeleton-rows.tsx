import { Skeleton } from 'antd-mobile';
import { Fragment, type ReactNode } from 'react';

type SkeletonRowsProps = {
  /** How many stand-in rows (spec section 9: 10 for a list). */
  count: number;
  className: string;
  testId?: string;
  /** One stand-in row, repeated `count` times. */
  children: ReactNode;
};

/** Stand-in rows shaped like a list's rows while its first page loads. */
export function SkeletonRows({ count, className, testId, children }: SkeletonRowsProps) {
  return (
    <div className={className} aria-busy="true" data-testid={testId}>
      {Array.from({ length: count }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Fragment key={index}>{children}</Fragment>
      ))}
    </div>
  );
}

type LineSkeletonRowsProps = {
  /** The list's class prefix: its styles name the skeleton's parts after it. */
  prefix: string;
  count: number;
  testId: string;
  /** A third, short line under the two. */
  short?: boolean;
};

/**
 * Stand-in rows of text lines for a list styled by one prefix: `<prefix>-skeleton` holds the rows
 * `<prefix>-row <prefix>-skeleton-row`, each a head line (`<prefix>-skeleton-head`), a plain line
 * and, if asked, a short one (`<prefix>-skeleton-short`), all `<prefix>-skeleton-line`.
 */
export function LineSkeletonRows({ prefix, count, testId, short = false }: LineSkeletonRowsProps) {
  const line = `${prefix}-skeleton-line`;
  return (
    <SkeletonRows count={count} className={`${prefix}-skeleton`} testId={testId}>
      <div className={`${prefix}-row ${prefix}-skeleton-row`}>
        <Skeleton animated className={`${line} ${prefix}-skeleton-head`} />
        <Skeleton animated className={line} />
        {short && <Skeleton animated className={`${line} ${prefix}-skeleton-short`} />}
      </div>
    </SkeletonRows>
  );
}
