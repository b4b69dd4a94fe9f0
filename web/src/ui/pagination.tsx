import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './button';

interface PaginationProps {
  /** 1-based. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** With pageSize, shows 'Showing 21–40 of 134'. */
  totalCount?: number;
  pageSize?: number;
  className?: string;
}

export function Pagination({ page, totalPages, onPageChange, totalCount, pageSize, className }: PaginationProps) {
  const pages = Math.max(1, totalPages);
  const current = Math.min(Math.max(1, page), pages);
  const range =
    totalCount !== undefined && pageSize
      ? totalCount === 0
        ? 'No results'
        : `Showing ${(current - 1) * pageSize + 1}–${Math.min(current * pageSize, totalCount)} of ${totalCount}`
      : null;
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-between gap-4 text-[13px]', className)}>
      <p className="tabular text-muted">{range ?? `Page ${current} of ${pages}`}</p>
      <div className="flex items-center gap-2">
        {range ? (
          <span className="tabular hidden text-muted sm:inline">
            Page {current} of {pages}
          </span>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onPageChange(current - 1)}
          disabled={current <= 1}
          icon={<ChevronLeft />}
        >
          Previous
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onPageChange(current + 1)} disabled={current >= pages}>
          Next
          <ChevronRight />
        </Button>
      </div>
    </nav>
  );
}
