// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Modal, type ModalSize } from "~/components/modal";
import { hydrateServerHtml, renderServerHtml, renderWithI18n } from "./render";

// jsdom has no modal dialogs; this stands in for the browser's showModal / close.
const modalDialogs = new WeakSet<HTMLDialogElement>();
const original = {
  showModal: HTMLDialogElement.prototype.showModal,
  close: HTMLDialogElement.prototype.close,
};
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    modalDialogs.add(this);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    modalDialogs.delete(this);
    this.dispatchEvent(new Event("close"));
  };
});
afterAll(() => {
  HTMLDialogElement.prototype.showModal = original.showModal;
  HTMLDialogElement.prototype.close = original.close;
});

function ControlledModal({ locked = false, size }: { locked?: boolean; size?: ModalSize }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        View Timeline Details
      </button>
      <Modal open={open} title="Timeline" size={size} locked={locked} onClose={() => setOpen(false)}>
        <p>The process takes up to 12 weeks.</p>
      </Modal>
    </>
  );
}

function pressEscape(dialog: HTMLElement) {
  fireEvent.keyDown(dialog, { key: "Escape" });
}

describe("Modal with JavaScript", () => {
  it("opens as a modal dialog named by its h2 title", async () => {
    renderWithI18n(<ControlledModal />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "View Timeline Details" }));
    const dialog = screen.getByRole("dialog", { name: "Timeline" });
    expect(modalDialogs.has(dialog as HTMLDialogElement)).toBe(true);
    expect(screen.getByRole("heading", { level: 2, name: "Timeline" })).toBeInTheDocument();
    expect(dialog).toHaveTextContent("The process takes up to 12 weeks.");
  });

  it("closes on Escape and gives focus back to the element that opened it", async () => {
    renderWithI18n(<ControlledModal />);
    const opener = screen.getByRole("button", { name: "View Timeline Details" });
    await userEvent.click(opener);
    pressEscape(screen.getByRole("dialog"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(opener).toHaveFocus();
  });

  it("closes when the browser cancels the dialog (Escape or the back gesture)", async () => {
    renderWithI18n(<ControlledModal />);
    await userEvent.click(screen.getByRole("button", { name: "View Timeline Details" }));
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(screen.getByRole("dialog"), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes with its Close button", async () => {
    renderWithI18n(<ControlledModal />);
    await userEvent.click(screen.getByRole("button", { name: "View Timeline Details" }));
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("names its close control in Spanish", () => {
    renderWithI18n(
      <Modal open title="Aviso" onClose={() => {}}>
        Contenido
      </Modal>,
      { lng: "es" },
    );
    expect(screen.getByRole("button", { name: "Cerrar" })).toBeInTheDocument();
  });

  it("closes on a click on the backdrop but not on a click inside", async () => {
    const onClose = vi.fn();
    renderWithI18n(
      <Modal open title="Timeline" onClose={onClose}>
        <p>Inside</p>
      </Modal>,
    );
    await userEvent.click(screen.getByText("Inside"));
    expect(onClose).not.toHaveBeenCalled();
    // The dialog element itself is only hit outside its panel, i.e. on the backdrop.
    await userEvent.click(screen.getByRole("dialog"));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("when locked has no close control and ignores Escape, cancel and backdrop clicks", async () => {
    const onClose = vi.fn();
    renderWithI18n(
      <Modal open locked title="Verifying" onClose={onClose}>
        <p>Please wait</p>
      </Modal>,
    );
    const dialog = screen.getByRole("dialog", { name: "Verifying" });
    expect(screen.queryByRole("button", { name: "Close" })).toBeNull();
    pressEscape(dialog);
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    await userEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog).toHaveAttribute("open");
  });

  it("offers a close link to closeHref and, given onClose, closes without leaving the page", async () => {
    const onClose = vi.fn();
    renderWithI18n(
      <Modal open title="Update Password" closeHref="/profile/security" onClose={onClose}>
        Step
      </Modal>,
    );
    const link = screen.getByRole("link", { name: "Close" });
    expect(link).toHaveAttribute("href", "/profile/security");
    await userEvent.click(link);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("Modal without JavaScript", () => {
  it("is rendered open by the server, with a close link to closeHref", () => {
    const { container } = renderServerHtml(
      <Modal open title="Update Password" closeHref="/profile/security">
        Step one
      </Modal>,
    );
    const dialog = container.querySelector("dialog");
    expect(dialog).toHaveAttribute("open");
    expect(dialog).toHaveAccessibleName("Update Password");
    const close = dialog?.querySelector("a");
    expect(close).toHaveAttribute("href", "/profile/security");
    expect(close).toHaveAccessibleName("Close");
  });

  it("renders nothing open when closed", () => {
    const { container } = renderServerHtml(
      <Modal open={false} title="Hidden" closeHref="/">
        Body
      </Modal>,
    );
    expect(container.querySelector("dialog")).not.toHaveAttribute("open");
  });

  it("has no dead close button when there is no closeHref", () => {
    const { container } = renderServerHtml(
      <Modal open title="Notice" onClose={() => {}}>
        Body
      </Modal>,
    );
    expect(container.querySelector("button")).toBeNull();
  });

  it("becomes a real modal once the page's JavaScript has loaded", async () => {
    const { container } = await hydrateServerHtml(
      <Modal open title="Update Password" closeHref="/profile/security">
        Step one
      </Modal>,
    );
    const dialog = container.querySelector("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(modalDialogs.has(dialog)).toBe(true);
  });
});
