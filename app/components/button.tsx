import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from "react";
import * as styles from "./button.css";
import { classNames } from "./class-names";
import { glyph, glyphSize } from "./spinner.css";

export type ButtonVariant = keyof typeof styles.variant;

type SharedProps = {
  variant?: ButtonVariant;
  /** Shows a spinner, sets aria-busy and ignores clicks while an action runs. */
  loading?: boolean;
  /** Makes the button a toggle: the value becomes its aria-pressed state. */
  selected?: boolean;
  children: ReactNode;
};

type ButtonAsButtonProps = SharedProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, "style" | "children" | "className"> & {
    as?: "button";
    /** aria-disabled instead of disabled, so a tooltip saying why it is unavailable is reached by keyboard. */
    focusableWhenDisabled?: boolean;
  };

type ButtonAsLinkProps = SharedProps &
  Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "style" | "children" | "className"> & {
    as: "a";
    href: string;
    disabled?: boolean;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/** A button's look by variant, for links rendered by another component (e.g. a router link). */
export { variant as buttonLook } from "./button.css";

/** A click handler that does nothing (not even the default) while the button or link is blocked. */
function unlessBlocked<E extends MouseEvent>(blocked: boolean, onClick: ((event: E) => void) | undefined) {
  return (event: E) => {
    if (blocked) event.preventDefault();
    else onClick?.(event);
  };
}

export function Button({ variant = "filled", loading = false, selected, children, ...props }: ButtonProps) {
  const look = { className: styles.variant[variant], "aria-busy": loading ? true : undefined };
  const content = (
    <>
      {loading ? <span className={classNames(glyph, glyphSize.small)} aria-hidden="true" /> : null}
      {children}
    </>
  );
  if (props.as === "a") {
    const { as: _as, disabled = false, href, onClick, ...rest } = props;
    const blocked = loading || disabled;
    return (
      <a
        {...rest}
        {...look}
        // A link without href cannot be followed, which is what an unavailable link-button needs.
        href={disabled ? undefined : href}
        role={disabled ? "link" : undefined}
        aria-disabled={blocked ? true : undefined}
        onClick={unlessBlocked(blocked, onClick)}
      >
        {content}
      </a>
    );
  }
  const { as: _as, disabled = false, focusableWhenDisabled = false, type = "button", onClick, ...rest } = props;
  // A busy button keeps focus (aria-disabled, not disabled) so keyboard users do not lose their place.
  const blocked = loading || (disabled && focusableWhenDisabled);
  return (
    <button
      {...rest}
      {...look}
      type={type}
      disabled={disabled && !focusableWhenDisabled}
      aria-disabled={blocked ? true : undefined}
      aria-pressed={selected}
      onClick={unlessBlocked(blocked, onClick)}
    >
      {content}
    </button>
  );
}
