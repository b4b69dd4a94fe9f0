import { ShieldAlert } from 'lucide-react';

/** The orange strip under the header on /superadmin pages: these screens act on every account. */
export function SuperadminBar() {
  return (
    <div role="note" className="bg-orange-700 text-white">
      <div className="mx-auto flex h-7 max-w-screen-2xl items-center gap-2 px-4 text-xs font-medium sm:px-6">
        <ShieldAlert className="size-3.5" aria-hidden="true" />
        Super Admin Panel
        <span className="hidden font-normal text-orange-50 sm:inline">· actions here affect every account</span>
      </div>
    </div>
  );
}
