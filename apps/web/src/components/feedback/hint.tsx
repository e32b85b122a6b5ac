import type { TooltipProps } from '@mui/material/Tooltip';
import {
  cloneElement,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useState,
} from 'react';

type TooltipComponent = ComponentType<TooltipProps>;

/** MUI's Tooltip, once downloaded (it brings Popper.js: ≈ 8 KB that no screen needs to paint). */
let tooltipCargado: TooltipComponent | null = null;
let cargando: Promise<TooltipComponent> | null = null;

function cargarTooltip(): Promise<TooltipComponent> {
  if (!cargando) {
    cargando = import('@mui/material/Tooltip').then((m) => (tooltipCargado = m.default));
    // A failed download is tried again on the next hover.
    cargando.catch(() => (cargando = null));
  }
  return cargando;
}

/** The handlers Hint adds to its child (each also calls the child's own). */
interface HintChildProps {
  'aria-label'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

export interface HintProps {
  /** The tooltip's text; also the child's accessible name when it has none (as MUI's Tooltip does). */
  title: string;
  /** One element that takes pointer and focus events (a button, a span around a disabled one). */
  children: ReactElement<HintChildProps>;
  placement?: TooltipProps['placement'];
}

/**
 * MUI's Tooltip for the controls every screen paints at once (the header's buttons, the day
 * control, the KPI cards): downloaded on the first hover or keyboard focus, then shown on it, so
 * that Popper.js is not part of opening a screen. The tooltip is anchored to the child without
 * wrapping it (the child is never re-mounted: focus and hover stay where they are). A touch does
 * not show it (as with MUI's, which waits for a long press); Escape hides it.
 *
 * ```tsx
 * <Hint title="Día anterior"><span><IconButton aria-label="Día anterior" … /></span></Hint>
 * ```
 */
export function Hint({ title, children, placement }: HintProps) {
  const [Tooltip, setTooltip] = useState<TooltipComponent | null>(() => tooltipCargado);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);

  const show = (element: HTMLElement) => {
    setAnchor(element);
    setOpen(true);
    if (!Tooltip)
      cargarTooltip().then(
        (loaded) => setTooltip(() => loaded),
        () => undefined,
      );
  };
  const hide = () => setOpen(false);

  const own = children.props;
  const child = cloneElement(children, {
    'aria-label': own['aria-label'] ?? title,
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType !== 'touch') show(event.currentTarget);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      // Keyboard focus only, as MUI's Tooltip: a click focuses without a tooltip.
      if (event.currentTarget.matches(':focus-visible, :has(:focus-visible)')) show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') hide();
    },
  });

  return (
    <>
      {child}
      {Tooltip && anchor && (
        <Tooltip
          title={title}
          open={open}
          // Its own closing (Escape anywhere while it shows).
          onClose={hide}
          placement={placement}
          disableInteractive
          slotProps={{ popper: { anchorEl: anchor } }}
        >
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
