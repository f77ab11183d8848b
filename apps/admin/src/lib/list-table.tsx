import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { toDecimal } from '@meridian/domain/money';
import { Button, Flex, Result, Skeleton, Table, type TableColumnType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvValue, csvText, downloadCsv } from './csv';
import { currentLanguage } from './i18n';

/**
 * Every list of the back office goes through here, so every list tells the truth the same way:
 * - a call that failed shows its error and a Retry button, never an empty table ("No data" would
 *   read as an empty queue: a clerk would go home with deposits waiting);
 * - the first load shows a skeleton of the table where it will be, not a spinner over the screen;
 * - every column with a value sorts, and the loaded rows export as CSV (what the screen shows:
 *   the current filter and page);
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
export function compareCells(left: CellValue, right: CellValue): number {
  const blank = (value: CellValue) => value === null || value === undefined || value === '';
  if (blank(left) || blank(right)) return Number(blank(left)) - Number(blank(right));
  const leftText = String(left);
  const rightText = String(right);
  if (DECIMAL.test(leftText) && DECIMAL.test(rightText)) return toDecimal(leftText).comparedTo(rightText);
  return leftText.localeCompare(rightText, currentLanguage() === 'hk' ? 'zh-HK' : 'en-GB', { numeric: true });
}

function withSorters<Row>(columns: ListColumn<Row>[]): TableColumnType<Row>[] {
  return columns.map(({ sortValue: _sortValue, csv: _csv, csvTitle: _csvTitle, ...column }, index) => {
    const source = columns[index] as ListColumn<Row>;
    const read = sortValueOf(source);
    if (!read || column.sorter !== undefined) return column;
    return { ...column, sorter: (left: Row, right: Row) => compareCells(read(left), read(right)) };
  });
}

/** The rows as a CSV file: the columns that have a value, with their titles. */
export function csvOfRows<Row>(columns: ListColumn<Row>[], rows: readonly Row[]): string {
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
};

export function ListTable<Row extends object>({
  query,
  rows,
  columns,
  csvName,
  toolbar,
  className,
  scroll,
  sortable = true,
  ...table
}: ListTableProps<Row>) {
  const { t } = useTranslation();
  if (query.isError)
    return <LoadFailed query={query} className={className ? `${className}-failed` : undefined} />;
  const loaded = rows ?? [];
  const bar =
    csvName || toolbar ? (
      <Flex justify="flex-end" align="center" gap={8} className="list-toolbar">
        {toolbar}
        {csvName && (
          <Button
            icon={<DownloadOutlined />}
            className="list-csv"
            disabled={query.isPending || loaded.length === 0}
            onClick={() => downloadCsv(`${csvName}-${today()}.csv`, csvOfRows(columns, loaded))}
          >
            {t('list.csv')}
          </Button>
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
          className={className}
          columns={
            sortable
              ? withSorters(columns)
              : withSorters(columns.map((column) => ({ ...column, sortValue: false })))
          }
          dataSource={loaded as Row[]}
          loading={query.isFetching}
          scroll={scroll}
          showSorterTooltip={false}
        />
      )}
    </div>
  );
}
