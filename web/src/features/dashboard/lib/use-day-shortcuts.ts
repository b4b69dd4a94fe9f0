import { useEffect } from 'react';

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.getAttribute('role') === 'combobox');

/**
 * The dashboard's keys: ← and → move a day, t goes to today, ? lists them. Not while typing, with a
 * modifier held, or while a dialog is open.
 */
export function useDayShortcuts(actions: { prev: () => void; next: () => void; today: () => void; help: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const run = { ArrowLeft: actions.prev, ArrowRight: actions.next, t: actions.today, '?': actions.help }[event.key];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions]);
}
