import { describe, expect, it, vi } from 'vitest';
import { pagesOf, sortFieldsOf, sortFromFirstPage } from './list-paging';

describe('sortFieldsOf', () => {
  it("sends the sort's key and order, and nothing for the list's own order", () => {
    expect(sortFieldsOf({ sort: 'created_at', order: 'desc' })).toEqual({
      sort: 'created_at',
      order: 'desc',
    });
    expect(sortFieldsOf(undefined)).toEqual({ sort: undefined, order: undefined });
  });
});

describe('pagesOf', () => {
  it('shows the page asked for, of fixed-size pages, with the total as given', () => {
    const onChange = vi.fn();
    expect(pagesOf(3, 20, 95, onChange)).toEqual({
      current: 3,
      pageSize: 20,
      total: 95,
      onChange,
      showSizeChanger: false,
    });
    expect(pagesOf(1, 20, undefined, onChange).total).toBeUndefined();
  });
});

describe('sortFromFirstPage', () => {
  it('sets the new sort and goes back to page 1', () => {
    const setSort = vi.fn();
    const setPage = vi.fn();
    const serverSort = sortFromFirstPage({ sort: 'id', order: 'asc' }, setSort, setPage);
    expect(serverSort.sort).toEqual({ sort: 'id', order: 'asc' });
    serverSort.onChange({ sort: 'email', order: 'desc' });
    expect(setSort).toHaveBeenCalledWith({ sort: 'email', order: 'desc' });
    expect(setPage).toHaveBeenCalledWith(1);
    serverSort.onChange(undefined);
    expect(setSort).toHaveBeenLastCalledWith(undefined);
  });
});
