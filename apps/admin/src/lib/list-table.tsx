import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import type { ListSort, SortOrder } from '@meridian/contract/list-sort';
import { toDecimal } from '@meridian/domain/money';
import { App, Button, Flex, Result, Skeleton, Table, type TableColumnType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiFields, adminApi } from './api-client';
import { type CsvValue, csvText, downloadCsv } from './csv';
import { currentLanguage } from './i18n';

/**
 * Every list of the back office goes through here, so every list tells the truth the same way:
 * - a call that failed shows its error and a Retry button, never an empty table ("No data" would
 *   read as an empty queue: a clerk would go home with deposits waiting);
 * - the first load shows a skeleton of the table where it will be, not a spinner over the screen;
 * - a paginated list sorts on the server (`serverSort`: a header asks the server, whose pages then
 *   follow that order) and exports the whole filtered, sorted list (`exportRows`: the list call's
 *   export, up to LIMITS.listExportRowsMax rows; a cut file says so in its last line and on screen);
 * - a list loaded whole (channels, staff) sorts and exports its loaded rows in the browser;
 * - the table scrolls sideways rather than squeezing, so every column is reachable at 1024 px
 *   and no word is broken in the middle (styles.css: `.list-table`; not antd's `scroll.x`, whose
 *   hidden measuring row would be the body's first row).
 */

/** What a list needs to know of its call: TanStack Query's answer fits. */
export type ListQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/** For a table whose rows came with a call its screen already shows the state of (a page's detail). */
export const LOADED: ListQuery = {
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  refetch: () => undefined,
};

type CellValue = string | number | boolean | null | undefined;

export type ListColumn<Row> = TableColumnType<Row> & {
  /** What the column sorts by; by default the value at its dataIndex; false: not sortable. */
  sortValue?: ((row: Row) => CellValue) | false;
  /** What the CSV holds; by default the sort value; false leaves the column out of the file. */
  csv?: ((row: Row) => CsvValue) | false;
  /** The CSV header when the column's title is not plain text. */
  csvTitle?: string;
  /** With `serverSort`: the server's sort key of this column (list-sort.ts); without one the column does not sort. */
  sortKey?: string;
};

function valueAt<Row>(row: Row, column: ListColumn<Row>): CellValue {
  const path = column.dataIndex;
  if (typeof path !== 'string' && typeof path !== 'number') return undefined;
  const value = (row as Record<string | number, unknown>)[path];
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

function sortValueOf<Row>(column: ListColumn<Row>): ((row: Row) => CellValue) | undefined {
  if (column.sortValue === false) return undefined;
  if (column.sortValue) return column.sortValue;
  if (column.dataIndex === undefined) return undefined;
  return (row) => valueAt(row, column);
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Orders two cells: numbers and decimal texts by value (exactly), text as the reader's language sorts it; blanks last. */
function compareCells(left: CellValue, right: CellValue): number {
  const blank = (value: CellValue) => value === null || value === undefined || value === '';
  if (blank(left) || blank(right)) return Number(blank(left)) - Number(blank(right));
  const leftText = String(left);
  const rightText = String(right);
  if (DECIMAL.test(leftText) && DECIMAL.test(rightText)) return toDecimal(leftText).comparedTo(rightText);
  return leftText.localeCompare(rightText, currentLanguage() === 'hk' ? 'zh-HK' : 'en-GB', { numeric: true });
}

function withSorters<Row>(columns: ListColumn<Row>[]): TableColumnType<Row>[] {
  return columns.map(
    ({ sortValue: _sortValue, csv: _csv, csvTitle: _csvTitle, sortKey: _sortKey, ...column }, index) => {
      const source = columns[index] as ListColumn<Row>;
      const read = sortValueOf(source);
      if (!read || column.sorter !== undefined) return column;
      return { ...column, sorter: (left: Row, right: Row) => compareCells(read(left), read(right)) };
    },
  );
}

/**
 * The columns of a list the server sorts: a column with a sort key shows its arrows (and the header
 * its aria-sort) in the server's current order; the others do not sort at all (sorting one page in
 * the browser would show an order the other pages do not follow).
 */
function withServerSorters<Row>(
  columns: ListColumn<Row>[],
  sort: ListSort | undefined,
): TableColumnType<Row>[] {
  return columns.map(({ sortValue: _sortValue, csv: _csv, csvTitle: _csvTitle, sortKey, ...column }) => {
    if (!sortKey) return { ...column, sorter: undefined };
    const sortOrder = sort?.sort === sortKey ? (sort.order === 'asc' ? 'ascend' : 'descend') : null;
    return { ...column, key: `sort:${sortKey}`, sorter: true, sortOrder };
  });
}

/** The sort a header click asks for (antd's third click clears it: the list's own order). */
function sortOfClick<Row>(sorter: SorterResult<Row> | SorterResult<Row>[]): ListSort | undefined {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  const key =
    typeof one?.columnKey === 'string' && one.columnKey.startsWith('sort:') ? one.columnKey.slice(5) : '';
  if (!one?.order || key === '') return undefined;
  return { sort: key, order: one.order === 'ascend' ? 'asc' : 'desc' };
}

/** The rows as a CSV file: the columns that have a value, with their titles. */
function csvOfRows<Row>(columns: ListColumn<Row>[], rows: readonly Row[]): string {
  const included = columns.flatMap((column) => {
    if (column.csv === false) return [];
    const read = column.csv ?? sortValueOf(column);
    const title = typeof column.title === 'string' ? column.title : column.csvTitle;
    return read && title !== undefined ? [{ title, read }] : [];
  });
  return csvText(
    included.map((column) => column.title),
    rows.map((row) => included.map((column) => column.read(row))),
  );
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** A call that failed: what the server or the network said, and a way to ask again. */
export function LoadFailed({ query, className }: { query: ListQuery; className?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      className={['list-failed', className].filter(Boolean).join(' ')}
      status="warning"
      title={t('list.failed')}
      subTitle={query.error?.message || t('list.failedUnknown')}
      extra={
        <Button
          type="primary"
          icon={<ReloadOutlined />}
          className="list-retry"
          loading={query.isFetching}
          onClick={() => query.refetch()}
        >
          {t('list.retry')}
        </Button>
      }
    />
  );
}

/**
 * Anything read from the server that is not a table (a dashboard's figures, a customer's page):
 * a skeleton while it first loads, the error and Retry when the call failed, else the content.
 */
export function QueryState({
  query,
  rows = 4,
  children,
}: {
  query: ListQuery;
  rows?: number;
  children: () => ReactNode;
}) {
  if (query.isError) return <LoadFailed query={query} />;
  if (query.isPending) return <Skeleton active paragraph={{ rows }} className="list-skeleton" />;
  return <>{children()}</>;
}

/**
 * The CSV button: the loaded rows, or with `exportRows` the whole filtered, sorted list the server
 * answers (up to its cap; a cut file says so in its last line, and the screen says so too).
 */
export function CsvButton<Row>({
  csvName,
  columns,
  rows,
  exportRows,
  disabled,
}: {
  csvName: string;
  columns: ListColumn<Row>[];
  rows: readonly Row[];
  exportRows?: (() => Promise<{ list: readonly Row[]; total: number }>) | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    const fileName = `${csvName}-${today()}.csv`;
    if (!exportRows) {
      downloadCsv(fileName, csvOfRows(columns, rows));
      return;
    }
    setExporting(true);
    try {
      const whole = await exportRows();
      const cut =
        whole.list.length < whole.total
          ? t('list.csvTruncated', { shown: whole.list.length, total: whole.total })
          : '';
      downloadCsv(fileName, csvOfRows(columns, whole.list) + (cut ? csvText([cut], []) : ''));
      if (cut) message.warning(cut, 8);
    } catch (error) {
      message.error(error instanceof Error ? error.message : t('list.failedUnknown'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      icon={<DownloadOutlined />}
      className="list-csv"
      disabled={disabled}
      loading={exporting}
      onClick={() => void download()}
    >
      {t('list.csv')}
    </Button>
  );
}

/** Rows are keyed by their `id` unless `rowKey` says otherwise: nearly every list's rows have one. */
export type ListTableProps<Row> = Omit<TableProps<Row>, 'columns' | 'dataSource' | 'loading'> & {
  query: ListQuery;
  rows: readonly Row[] | undefined;
  columns: ListColumn<Row>[];
  /** The CSV file's name before the date; no CSV button without it. */
  csvName?: string;
  /** More controls beside the CSV button. */
  toolbar?: ReactNode;
  /** False for a table of a row or two (a customer's accounts): sort arrows there are only width. */
  sortable?: boolean;
  /** A paginated list: sorted by the server; a header click gives the new sort (the page goes back to 1). */
  serverSort?: { sort: ListSort | undefined; onChange: (sort: ListSort | undefined) => void };
  /** A paginated list's whole filtered, sorted list for the CSV file (its export call); else the loaded rows. */
  exportRows?: () => Promise<{ list: readonly Row[]; total: number }>;
};

export function ListTable<Row extends object>({
  query,
  rows,
  rowKey = 'id',
  columns,
  csvName,
  toolbar,
  className,
  scroll,
  sortable = true,
  serverSort,
  exportRows,
  ...table
}: ListTableProps<Row>) {
  if (query.isError)
    return <LoadFailed query={query} className={className ? `${className}-failed` : undefined} />;
  const loaded = rows ?? [];
  const bar =
    csvName || toolbar ? (
      <Flex justify="flex-end" align="center" gap={8} className="list-toolbar">
        {toolbar}
        {csvName && (
          <CsvButton
            csvName={csvName}
            columns={columns}
            rows={loaded}
            exportRows={exportRows}
            disabled={query.isPending || loaded.length === 0}
          />
        )}
      </Flex>
    ) : null;
  return (
    <div className="list-table">
      {bar}
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} className="list-skeleton" />
      ) : (
        <Table<Row>
          {...table}
          rowKey={rowKey}
          className={className}
          columns={
            serverSort
              ? withServerSorters(columns, serverSort.sort)
              : sortable
                ? withSorters(columns)
                : withSorters(columns.map((column) => ({ ...column, sortValue: false })))
          }
          onChange={(pagination, filters, sorter, extra) => {
            if (serverSort && extra.action === 'sort') serverSort.onChange(sortOfClick(sorter));
            table.onChange?.(pagination, filters, sorter, extra);
          }}
          dataSource={loaded as Row[]}
          loading={query.isFetching}
          scroll={scroll}
          showSorterTooltip={false}
        />
      )}
    </div>
  );
}

/** A paginated list's filter with the server's sort (list-sort.ts): what its query key and call hold. */
type SortedFilter = { sort?: string | undefined; order?: SortOrder | undefined; page: number };

/** The `serverSort` of a list whose filter holds the sort: a header click sorts anew from page 1. */
export function serverSortOf<Filter extends SortedFilter>(filter: Filter, setFilter: (next: Filter) => void) {
  return {
    sort: filter.sort ? { sort: filter.sort, order: filter.order ?? 'asc' } : undefined,
    onChange: (sort: ListSort | undefined) =>
      setFilter({ ...filter, sort: sort?.sort, order: sort?.order, page: 1 }),
  };
}

/** The whole filtered, sorted list of a paginated call for its CSV file (`export=1`, up to the server's cap). */
export function exportList<Row>(path: string, fields: ApiFields): Promise<{ list: Row[]; total: number }> {
  return adminApi<{ list: Row[]; total: number }>('GET', path, {
    ...fields,
    page: undefined,
    limit: undefined,
    export: 1,
  });
}
