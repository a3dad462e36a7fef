import type { CSSProperties } from 'react';

/** Stroke icons (24×24 grid, drawn for this app) so nothing depends on emoji fonts. */

/** One of the paths of ./frame-paths and ./paths (an icon's name or any other text is refused). */
export type IconPath = string & { readonly iconPath: unique symbol };

export function Icon({
  path,
  size = 24,
  className,
  style,
  strokeWidth = 2,
}: {
  path: IconPath;
  size?: number | string;
  className?: string;
  style?: CSSProperties;
  strokeWidth?: number;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      style={style}
    >
      <path d={path} />
    </svg>
  );
}
