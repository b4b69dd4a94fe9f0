import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { DESKTOP_QUERY, useMediaQuery } from '../lib/use-media-query';

interface HeaderSlotTargets {
  desktop: HTMLElement | null;
  mobile: HTMLElement | null;
  setDesktop: (node: HTMLElement | null) => void;
  setMobile: (node: HTMLElement | null) => void;
}

const HeaderSlotContext = createContext<HeaderSlotTargets | null>(null);

/** Holds the app header's two slots (desktop and mobile); mounted by the app layout. */
export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [desktop, setDesktop] = useState<HTMLElement | null>(null);
  const [mobile, setMobile] = useState<HTMLElement | null>(null);
  const value = useMemo(() => ({ desktop, mobile, setDesktop, setMobile }), [desktop, mobile]);
  return <HeaderSlotContext.Provider value={value}>{children}</HeaderSlotContext.Provider>;
}

/** The ref callbacks the header puts on its slot elements. */
export function useHeaderSlotTargets() {
  const context = useContext(HeaderSlotContext);
  return { desktopRef: context?.setDesktop, mobileRef: context?.setMobile };
}

/**
 * Renders its children into the app header: in the desktop slot from the md breakpoint up,
 * in the mobile slot below it. Outside the app layout it renders nothing.
 */
export function HeaderSlot({ children }: { children: ReactNode }) {
  const context = useContext(HeaderSlotContext);
  const desktop = useMediaQuery(DESKTOP_QUERY, true);
  const target = desktop ? context?.desktop : context?.mobile;
  return target ? createPortal(children, target) : null;
}
