import { rowKeyAttribute } from './use-row-keys';
import type { ReactNode } from 'react';

/**
 * A table on wide screens; on a phone every row becomes a card whose cells carry their column
 * name (from `data-label`), so nothing needs sideways scrolling at 360 px.
 */
export function DataTable({ columns, children, testId }: { columns: Array<{ label: string; className?: string }>; children: ReactNode; testId?: string }) {
  return (
    <div className="md:overflow-x-auto">
      <table className="table max-md:block" data-testid={testId}>
        <thead className="max-md:hidden">
          <tr className="bg-base-200/60 text-xs uppercase text-base-content/70">
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 ${column.className ?? ''}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:block max-md:divide-y max-md:divide-base-300">{children}</tbody>
      </table>
    </div>
  );
}

/** `rowKey` makes the row a stop for the list's keys (`j`/`k`): focusable from script, and marked when focused. */
export function Row({ children, testId, rowKey }: { children: ReactNode; testId?: string; rowKey?: string }) {
  const keyed = rowKey === undefined ? {} : { tabIndex: -1, [rowKeyAttribute]: rowKey };
  return (
    <tr
      className="hover:bg-base-200/40 focus:bg-primary/10 focus:outline-2 focus:-outline-offset-2 focus:outline-primary max-md:flex max-md:flex-col max-md:gap-1 max-md:px-4 max-md:py-3"
      data-testid={testId}
      {...keyed}
    >
      {children}
    </tr>
  );
}

const cellOnPhone =
  'md:px-3 md:py-2.5 max-md:flex max-md:min-h-8 max-md:items-center max-md:justify-between max-md:gap-4 max-md:border-0 max-md:p-0 max-md:text-right ' +
  'max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:uppercase max-md:before:tracking-wide max-md:before:text-base-content/70 max-md:before:content-[attr(data-label)]';

export function Cell({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td data-label={label} className={`${cellOnPhone} ${className}`}>
      {children}
    </td>
  );
}
