import type { ReactNode } from "react";
import { classNames } from "./class-names";
import * as styles from "./icon.css";

export type IconSize = keyof typeof styles.iconSize;

const eyeOutline = (
  <>
    <path d="M2 12c2.2-4.3 5.6-7 10-7s7.8 2.7 10 7c-2.2 4.3-5.6 7-10 7s-7.8-2.7-10-7Z" />
    <circle cx="12" cy="12" r="3" />
  </>
);

const shapes = {
  "arrow-left": <path d="M20 12H4m0 0 7-7m-7 7 7 7" />,
  "arrow-right": <path d="M4 12h16m0 0-7-7m7 7-7 7" />,
  burger: <path d="M3 6h18M3 12h18M3 18h18" />,
  cross: <path d="m6 6 12 12M18 6 6 18" />,
  plus: <path d="M12 4v16M4 12h16" />,
  minus: <path d="M4 12h16" />,
  eye: eyeOutline,
  eyeCrossed: (
    <>
      {eyeOutline}
      <path d="m3 3 18 18" />
    </>
  ),
  check: <path d="m4 12 5 5L20 6" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.01" />
    </>
  ),
  warning: <path d="M12 3 2 20h20L12 3Zm0 7v4m0 3v.01" />,
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m9 9 6 6m0-6-6 6" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof shapes;

/** The 24×24 line-drawing frame every icon shares: current text colour, hidden from assistive technology. */
export function LineIcon({
  className,
  children,
  ...data
}: { className?: string; children?: ReactNode } & { [attribute: `data-${string}`]: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...data}
    >
      {children}
    </svg>
  );
}

export function Icon({ name, size = "medium", className }: { name: IconName; size?: IconSize; className?: string }) {
  return (
    <LineIcon className={classNames(styles.icon, styles.iconSize[size], className)} data-icon={name}>
      {shapes[name]}
    </LineIcon>
  );
}
