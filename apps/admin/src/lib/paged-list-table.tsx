import type { TablePaginationConfig } from 'antd';
import type { ServerPaging } from './list-paging';
import { type ListQuery, ListTable, type ListTableProps } from './list-table';

/** A paginated list call's answer: one page of rows and how many there are in all. */
type PagedQuery<Row> = ListQuery & { data?: { list: Row[]; total: number } | undefined };

/**
 * A list the server pages and sorts: its rows and total come from its query, its sort and page from
 * its paging (list-paging.ts); `pagination` adds to the pager (a count, hiding a single page).
 */
export function PagedListTable<Row extends object>({
  query,
  paging,
  pagination,
  ...table
}: Omit<ListTableProps<Row>, 'query' | 'rows' | 'serverSort' | 'pagination'> & {
  query: PagedQuery<Row>;
  paging: Pick<ServerPaging, 'serverSort' | 'pagination'>;
  pagination?: Omit<TablePaginationConfig, 'current' | 'pageSize' | 'total' | 'onChange'>;
}) {
  return (
    <ListTable<Row>
      {...table}
      query={query}
      rows={query.data?.list}
      serverSort={paging.serverSort}
      pagination={{ ...paging.pagination(query.data?.total ?? 0), ...pagination }}
    />
  );
}
