// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

describe('the error boundary', () => {
  it('shows the fallback instead of a failed part, and draws it again on retry', () => {
    let broken = true;
    function Part() {
      if (broken) throw new Error('cannot draw');
      return <p>drawn</p>;
    }
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <div>
        <h1>kept</h1>
        <ErrorBoundary
          fallback={(reset) => (
            <button type="button" onClick={reset}>
              retry
            </button>
          )}
        >
          <Part />
        </ErrorBoundary>
      </div>,
    );
    expect(screen.getByText('kept')).toBeTruthy();
    expect(screen.queryByText('drawn')).toBeNull();
    broken = false;
    act(() => fireEvent.click(screen.getByText('retry')));
    expect(screen.getByText('drawn')).toBeTruthy();
    spy.mockRestore();
  });
});
