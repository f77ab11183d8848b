import type { ListSort, SortOrder } from '@meridian/contract/list-sort';
import { useState } from 'react';

/**
 * A paginated list the server sorts, as its screen holds it: the page and the sort, where a header
 * click sorts anew from page 1 (the old page of another order would show other rows). Screens whose
 * filter object holds the sort use list-table.ts's `serverSortOf` instead.
 */

/** The sort as a list call and its export send it: none for the list's own order. */
export function sortFieldsOf<Key extends string>(
  sort: ListSort<Key> | undefined,
): { sort: Key | undefined; order: SortOrder | undefined } {
  return { sort: sort?.sort, order: sort?.order };
}

/** The table's pagination: the page shown, fixed-size pages, `total` rows in all. */
export function pagesOf(
  page: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
) {
  return { current: page, pageSize, total, onChange, showSizeChanger: false };
}

/** The `serverSort` of a list: a header click sets the sort and goes back to page 1. */
export function sortFromFirstPage<Key extends string>(
  sort: ListSort<Key> | undefined,
  setSort: (sort: ListSort<Key> | undefined) => void,
  setPage: (page: number) => void,
) {
  return {
    sort,
    onChange: (next: ListSort | undefined) => {
      setSort(next as ListSort<Key> | undefined);
      setPage(1);
    },
  };
}

export type ServerPaging<Key extends string = string> = ReturnType<typeof useServerPaging<Key>>;

/** The page and sort of a list of `pageSize` rows a page, with what its table and calls take of them. */
export function useServerPaging<Key extends string = string>(pageSize: number) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort<Key>>();
  return {
    page,
    setPage,
    sort,
    sortFields: sortFieldsOf(sort),
    serverSort: sortFromFirstPage(sort, setSort, setPage),
    pagination: (total: number | undefined) => pagesOf(page, pageSize, total, setPage),
  };
}
