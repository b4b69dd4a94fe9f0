import type { AccountStatus } from '@overlap/contract/auth';
import type { BillingFilter } from '@overlap/contract/superadmin';
import { RefreshCw, Search, X } from 'lucide-react';
import { IconButton } from '../../../ui/icon-button';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';
import { tileOf } from '../lib/tiles';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'terminated', label: 'Terminated' },
];

export interface AccountsToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  status: AccountStatus | null;
  onStatus: (status: AccountStatus | null) => void;
  billingFilter: BillingFilter | null;
  onClearFilter: () => void;
  refreshing: boolean;
  onRefresh: () => void;
}

/** Search, status, the active tile as a removable chip, and refresh. */
export function AccountsToolbar(props: AccountsToolbarProps) {
  const tile = props.billingFilter ? tileOf(props.billingFilter) : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-0 flex-1 basis-64">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search accounts"
          placeholder="Search accounts or admin emails..."
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
          className="pl-8"
        />
      </div>
      <div className="w-40 shrink-0">
        <Select
          aria-label="Status"
          options={STATUS_OPTIONS}
          value={props.status ?? 'all'}
          onValueChange={(v) => props.onStatus(v === 'all' ? null : (v as AccountStatus))}
        />
      </div>
      {props.billingFilter ? (
        <span className="inline-flex h-8 items-center gap-1 rounded-full border border-accent/40 bg-accent-soft pr-1 pl-3 text-[13px] font-medium text-accent-text">
          {tile?.label ?? props.billingFilter}
          <button
            type="button"
            aria-label="Clear the billing filter"
            onClick={props.onClearFilter}
            className="inline-flex size-6 items-center justify-center rounded-full hover:bg-accent/10"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </span>
      ) : null}
      <IconButton
        label="Refresh"
        icon={<RefreshCw />}
        variant="secondary"
        loading={props.refreshing}
        onClick={props.onRefresh}
      />
    </div>
  );
}
