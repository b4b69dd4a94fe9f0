import type { PeopleSort } from '@overlap/contract/people';
import { Search } from 'lucide-react';
import { Input } from '../../../ui/input';
import { Select } from '../../../ui/select';

const SORTS: { value: PeopleSort; label: string }[] = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: 'lastSeen', label: 'Last seen' },
  { value: 'created', label: 'Newest first' },
];

interface PeopleFiltersProps {
  search: string;
  onSearch: (value: string) => void;
  sort: PeopleSort;
  onSort: (value: PeopleSort) => void;
}

/** Search by name, e-mail or identifier, and the order of the lists. */
export function PeopleFilters({ search, onSearch, sort, onSort }: PeopleFiltersProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <div className="relative min-w-0 flex-1 sm:max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          placeholder="Search by name or identifier"
          aria-label="Search people by name, e-mail or identifier"
          maxLength={100}
          className="w-full pl-8"
        />
      </div>
      <Select
        aria-label="Sort people"
        options={SORTS}
        value={sort}
        onValueChange={(v) => onSort(v as PeopleSort)}
        className="w-full sm:w-44"
      />
    </div>
  );
}
