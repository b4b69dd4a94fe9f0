import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';

const links = [
  { to: '/profile', label: 'Profile' },
  { to: '/people', label: 'People' },
  { to: '/account', label: 'Account' },
];

/** The header tab buttons of the settings pages: Profile, People, Account. */
export function SectionNav() {
  return (
    <nav aria-label="Settings" className="inline-flex rounded-lg border border-line bg-subtle p-0.5">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end
          className={({ isActive }) =>
            cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              isActive ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}
