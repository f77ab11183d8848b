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
