import type { ButtonHTMLAttributes } from "react";
import { classNames } from "./class-names";
import { Icon, type IconName, type IconSize } from "./icon";
import * as styles from "./icon-button.css";

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "style" | "children" | "aria-label" | "aria-pressed"> & {
  icon: IconName;
  /** Accessible name; the button shows no text. */
  label: string;
  /** With `pressed` defined, the button is a toggle (aria-pressed). */
  pressed?: boolean;
  /** Icon and name shown while `pressed` is true. */
  toggledIcon?: IconName;
  toggledLabel?: string;
  iconSize?: IconSize;
};

export function IconButton({
  icon,
  label,
  pressed,
  toggledIcon,
  toggledLabel,
  iconSize = "medium",
  className,
  type = "button",
  ...rest
}: IconButtonProps) {
  const showToggled = pressed === true;
  return (
    <button
      {...rest}
      type={type}
      className={classNames(styles.iconButton, className)}
      aria-label={showToggled && toggledLabel ? toggledLabel : label}
      aria-pressed={pressed}
    >
      <Icon name={showToggled && toggledIcon ? toggledIcon : icon} size={iconSize} />
    </button>
  );
}
