import {
  type CSSProperties,
  cloneElement,
  createContext,
  type FocusEvent,
  isValidElement,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';

interface TooltipTiming {
  /** Milliseconds a pointer rests on a trigger before its tooltip shows. */
  delayDuration: number;
  /** Within this many milliseconds of a tooltip closing, the next one shows at once. */
  skipDelayDuration: number;
}

const TimingContext = createContext<TooltipTiming>({ delayDuration: 300, skipDelayDuration: 200 });

/** Sets the hover delays of the tooltips below it. */
export function TooltipProvider({
  children,
  delayDuration = 300,
  skipDelayDuration = 200,
}: Partial<TooltipTiming> & { children: ReactNode }) {
  return <TimingContext.Provider value={{ delayDuration, skipDelayDuration }}>{children}</TimingContext.Provider>;
}

type Side = 'top' | 'right' | 'bottom' | 'left';
type Align = 'start' | 'center' | 'end';

interface TooltipProps {
  content: ReactNode;
  children: ReactNode;
  side?: Side;
  align?: Align;
}

const GAP = 6;
const EDGE = 8;
let lastClosedAt = 0;

/** Where the bubble goes next to `anchor`, flipped to the other side when it would leave the viewport. */
function place(anchor: DOMRect, bubble: { width: number; height: number }, side: Side, align: Align) {
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  let flipped = side;
  if (side === 'bottom' && anchor.bottom + GAP + bubble.height > vh) flipped = 'top';
  else if (side === 'top' && anchor.top - GAP - bubble.height < 0) flipped = 'bottom';
  else if (side === 'right' && anchor.right + GAP + bubble.width > vw) flipped = 'left';
  else if (side === 'left' && anchor.left - GAP - bubble.width < 0) flipped = 'right';
  const vertical = flipped === 'top' || flipped === 'bottom';
  const along = (start: number, size: number, length: number) =>
    align === 'start' ? start : align === 'end' ? start + size - length : start + (size - length) / 2;
  let left: number;
  let top: number;
  if (vertical) {
    left = along(anchor.left, anchor.width, bubble.width);
    top = flipped === 'bottom' ? anchor.bottom + GAP : anchor.top - GAP - bubble.height;
  } else {
    top = along(anchor.top, anchor.height, bubble.height);
    left = flipped === 'right' ? anchor.right + GAP : anchor.left - GAP - bubble.width;
  }
  const clamp = (v: number, size: number, max: number) =>
    Math.min(Math.max(EDGE, v), Math.max(EDGE, max - size - EDGE));
  return { left: clamp(left, bubble.width, vw), top: clamp(top, bubble.height, vh) };
}

type TriggerProps = {
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
  'aria-describedby'?: string;
};

/**
 * A short label shown on mouse hover (after the provider's delay) and on keyboard focus; Escape,
 * a press or leaving hides it. The trigger is the single child element, given the handlers and,
 * while shown, `aria-describedby` pointing at the bubble (role tooltip).
 */
export function Tooltip({ content, children, side = 'bottom', align = 'center' }: TooltipProps) {
  const { delayDuration, skipDelayDuration } = useContext(TimingContext);
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = () => {
    clearTimeout(timer.current);
    setAnchor((shown) => {
      if (shown) lastClosedAt = Date.now();
      return null;
    });
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  });

  if (!isValidElement(children)) return children;
  const child = children as ReactElement<TriggerProps>;
  const own = child.props;
  const trigger = cloneElement(child, {
    onPointerEnter: (e) => {
      own.onPointerEnter?.(e);
      if (e.pointerType !== 'mouse') return;
      const target = e.currentTarget;
      clearTimeout(timer.current);
      if (Date.now() - lastClosedAt < skipDelayDuration) setAnchor(target);
      else timer.current = setTimeout(() => setAnchor(target), delayDuration);
    },
    onPointerLeave: (e) => {
      own.onPointerLeave?.(e);
      hide();
    },
    onPointerDown: (e) => {
      own.onPointerDown?.(e);
      hide();
    },
    onFocus: (e) => {
      own.onFocus?.(e);
      if (e.currentTarget.matches(':focus-visible')) setAnchor(e.currentTarget);
    },
    onBlur: (e) => {
      own.onBlur?.(e);
      hide();
    },
    'aria-describedby': anchor ? [own['aria-describedby'], id].filter(Boolean).join(' ') : own['aria-describedby'],
  });
  return (
    <>
      {trigger}
      {anchor ? (
        <Bubble id={id} anchor={anchor} side={side} align={align}>
          {content}
        </Bubble>
      ) : null}
    </>
  );
}

function Bubble({
  id,
  anchor,
  side,
  align,
  children,
}: {
  id: string;
  anchor: HTMLElement;
  side: Side;
  align: Align;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>({ left: 0, top: 0, visibility: 'hidden' });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setStyle(place(anchor.getBoundingClientRect(), { width: el.offsetWidth, height: el.offsetHeight }, side, align));
  }, [anchor, side, align]);
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={style}
      className="pointer-events-none fixed z-50 max-w-xs animate-fade-in rounded-md bg-zinc-900 px-2 py-1 text-xs font-medium text-zinc-50 shadow-md dark:bg-zinc-100 dark:text-zinc-900"
    >
      {children}
    </div>,
    document.body,
  );
}
