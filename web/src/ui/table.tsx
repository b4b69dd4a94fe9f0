import type { CSSProperties, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  /** The label shown beside the value when rows become cards on small screens (defaults to header text). */
  mobileLabel?: string;
  cell: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Extra classes on this column's cells (for example a width). */
  className?: string;
  /** The first column with primary set becomes the card title on small screens. */
  primary?: boolean;
}

interface TableProps<Row> {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  caption?: string;
  /** Shown instead of the body when there are no rows. */
  empty?: ReactNode;
  onRowClick?: (row: Row) => void;
  className?: string;
  /** From md up, scrolls the body inside this height under a sticky header; without it the header sticks below the app header. */
  maxHeight?: string;
}

/** A data table with a sticky header; below the md breakpoint each row becomes a stacked card. */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  caption,
  empty,
  onRowClick,
  className,
  maxHeight,
}: TableProps<Row>) {
  return (
    <div
      className={cn(
        'md:rounded-lg md:border md:border-line md:bg-surface',
        maxHeight && 'md:max-h-(--table-max-height) md:overflow-auto',
        className,
      )}
      style={maxHeight ? ({ '--table-max-height': maxHeight } as CSSProperties) : undefined}
    >
      <table className="w-full border-separate border-spacing-0 text-sm max-md:block">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="max-md:sr-only">
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.key}
                scope="col"
                className={cn(
                  'sticky z-10 h-9 border-b border-line bg-subtle px-4 text-xs font-medium whitespace-nowrap text-muted',
                  maxHeight ? 'top-0' : 'top-14',
                  index === 0 && !maxHeight && 'rounded-tl-lg',
                  index === columns.length - 1 && !maxHeight && 'rounded-tr-lg',
                  column.align === 'right' ? 'text-right' : 'text-left',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-2">
          {rows.length === 0 && empty ? (
            <tr className="max-md:block">
              <td colSpan={columns.length} className="px-4 py-10 text-center text-muted max-md:block">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                onClick={onRowClick ? () => onRowClick(row) : undefined}
                className={cn(
                  'group max-md:block max-md:rounded-lg max-md:border max-md:border-line max-md:bg-surface max-md:p-3',
                  onRowClick && 'cursor-pointer hover:bg-subtle/60',
                )}
              >
                {columns.map((column) => {
                  const label = column.mobileLabel ?? (typeof column.header === 'string' ? column.header : '');
                  return (
                    <td
                      key={column.key}
                      data-label={label}
                      className={cn(
                        'h-11 border-b border-line px-4 align-middle group-last:border-b-0',
                        'max-md:flex max-md:h-auto max-md:items-center max-md:justify-between max-md:gap-4 max-md:border-0 max-md:px-0 max-md:py-1',
                        column.primary
                          ? 'max-md:mb-1 max-md:font-medium max-md:before:hidden'
                          : 'max-md:before:text-[13px] max-md:before:text-muted max-md:before:content-[attr(data-label)]',
                        column.align === 'right' && 'md:text-right',
                        column.className,
                      )}
                    >
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
