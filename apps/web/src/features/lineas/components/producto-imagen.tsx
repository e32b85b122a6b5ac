import { Box } from '@mui/material';
import { useId } from 'react';

export interface ProductoImagenProps {
  /** The product's colour (`image_color`); grey without a product. */
  color: string | null;
  /** What the image shows, for screen readers ('Naranja 600 ml'). */
  alt: string;
  /** Height in px (the width follows). */
  size?: number;
}

const SAFE_COLOR = /^#[0-9a-fA-F]{3,8}$/;
const BOTTLE =
  'M15 4h10v9c0 3 2 5 5 9 3 4 4 7 4 11v56c0 4-3 7-7 7H13c-4 0-7-3-7-7V33c0-4 1-7 4-11 3-4 5-6 5-9z';

/**
 * The product's image: a bottle in its colour (the catalogue gives each product an image prefix
 * and a colour; the plant's photos are not part of the app). Stored colours are used only when they
 * are plain hex values.
 */
export function ProductoImagen({ color, alt, size = 56 }: ProductoImagenProps) {
  const clip = useId();
  const fill = color && SAFE_COLOR.test(color) ? color : '#59636e';
  return (
    <Box
      component="svg"
      role="img"
      aria-label={alt}
      viewBox="0 0 40 100"
      sx={{ height: size, width: size * 0.4, flexShrink: 0, display: 'block' }}
    >
      <defs>
        <clipPath id={clip}>
          <path d={BOTTLE} />
        </clipPath>
      </defs>
      <path d={BOTTLE} fill="rgba(255,255,255,0.06)" />
      <g clipPath={`url(#${clip})`}>
        <rect x="0" y="26" width="40" height="74" fill={fill} opacity={color ? 0.9 : 0.5} />
        <rect x="0" y="50" width="40" height="22" fill="#f0f3f6" opacity="0.92" />
        <rect x="0" y="57" width="40" height="8" fill={fill} />
        <rect x="9" y="28" width="3" height="62" rx="1.5" fill="#fff" opacity="0.25" />
      </g>
      <path d={BOTTLE} fill="none" stroke="rgba(255,255,255,0.45)" strokeWidth="1.5" />
      <rect x="13.5" y="1" width="13" height="7" rx="1.5" fill="#d0d7de" />
    </Box>
  );
}
