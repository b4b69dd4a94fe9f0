import { Skeleton } from './skeleton';

interface LoadingRowsProps {
  /** Read by screen readers while the list loads, e.g. "Loading users". */
  label: string;
  rows: number;
  /** The size of each placeholder row, e.g. "h-12 w-full". */
  rowClassName: string;
}

/** Placeholder rows standing in for a list that is still loading. */
export function LoadingRows({ label, rows, rowClassName }: LoadingRowsProps) {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <Skeleton key={i} className={rowClassName} />
      ))}
    </div>
  );
}
