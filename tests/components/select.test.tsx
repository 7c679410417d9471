// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { indexAfterKey, indexStartingWith, SELECT_PAGE_SIZE } from "~/components/listbox-navigation";
import { Select, type SelectOption } from "~/components/select";
import { hydrateServerHtml, renderServerHtml, renderWithI18n } from "./render";

const methods: SelectOption[] = [
  { key: "Text Message", value: "sms" },
  { key: "Voice Call", value: "voice" },
];

const months: SelectOption[] = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
].map((name, index) => ({ key: name, value: String(index + 1) }));

function renderMonths(onChange = vi.fn()) {
  renderWithI18n(
    <form data-testid="form">
      <Select label="Month" name="month" options={months} defaultValue="1" onChange={onChange} />
    </form>,
  );
  return { onChange, button: screen.getByRole("button", { name: "Month January" }) };
}

function formValue(name: string) {
  return new FormData(screen.getByTestId("form") as HTMLFormElement).get(name);
}

function activeOptionName() {
  const listbox = screen.getByRole("listbox");
  const activeId = listbox.getAttribute("aria-activedescendant");
  return activeId ? document.getElementById(activeId)?.textContent : null;
}

describe("Select without JavaScript", () => {
  it("is a native select carrying the same name and options", () => {
    const { container } = renderServerHtml(<Select label="Method" name="authMethod" options={methods} defaultValue="sms" />);
    const select = container.querySelector("select") as HTMLSelectElement;
    expect(select).toHaveAccessibleName("Method");
    expect(select.name).toBe("authMethod");
    expect([...select.options].map((option) => [option.text, option.value])).toEqual([
      ["Text Message", "sms"],
      ["Voice Call", "voice"],
    ]);
    expect(select.value).toBe("sms");
  });

  it("offers the placeholder as an empty first choice", () => {
    const { container } = renderServerHtml(<Select label="Method" name="authMethod" options={methods} placeholder="Choose a method" />);
    const select = container.querySelector("select") as HTMLSelectElement;
    expect(select.options[0]).toHaveTextContent("Choose a method");
    expect(select.value).toBe("");
  });
});

describe("Select with JavaScript", () => {
  it("becomes a listbox button once the page's JavaScript has loaded", async () => {
    const { container } = await hydrateServerHtml(<Select label="Method" name="authMethod" options={methods} defaultValue="voice" />);
    expect(container.querySelector("select")).toBeNull();
    const button = container.querySelector("button");
    expect(button).toHaveAttribute("aria-haspopup", "listbox");
    expect(button).toHaveAccessibleName("Method Voice Call");
    expect(container.querySelector("input[type='hidden']")).toHaveAttribute("name", "authMethod");
  });

  it("opens on click, shows every option, and a click picks one and closes", async () => {
    const { onChange, button } = renderMonths();
    expect(button).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    const listbox = screen.getByRole("listbox", { name: "Month" });
    expect(listbox).toHaveFocus();
    expect(screen.getAllByRole("option")).toHaveLength(12);
    await userEvent.click(screen.getByRole("option", { name: "March" }));
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(button).toHaveAccessibleName("Month March");
    expect(button).toHaveFocus();
    expect(onChange).toHaveBeenCalledWith("3");
    expect(formValue("month")).toBe("3");
  });

  it("moves with the arrow keys and Enter picks and closes", async () => {
    const { onChange, button } = renderMonths();
    button.focus();
    await userEvent.keyboard("{ArrowDown}");
    expect(screen.getByRole("listbox")).toHaveFocus();
    expect(activeOptionName()).toBe("January");
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{ArrowUp}");
    expect(activeOptionName()).toBe("February");
    expect(screen.getByRole("option", { name: "February" })).toHaveAttribute("aria-selected", "true");
    await userEvent.keyboard("{Enter}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onChange).toHaveBeenCalledWith("2");
    expect(formValue("month")).toBe("2");
    expect(button).toHaveFocus();
  });

  it("Escape closes without changing the choice", async () => {
    const { onChange, button } = renderMonths();
    await userEvent.click(button);
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect(formValue("month")).toBe("1");
    expect(button).toHaveFocus();
  });

  it("Escape inside the list does not reach a surrounding dialog", async () => {
    const onDialogKey = vi.fn();
    renderWithI18n(
      <div onKeyDown={onDialogKey}>
        <Select label="Method" name="authMethod" options={methods} />
      </div>,
    );
    await userEvent.click(screen.getByRole("button", { name: /Method/ }));
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    expect(onDialogKey).not.toHaveBeenCalled();
  });

  it("Home, End, PageUp and PageDown jump, stopping at the ends", async () => {
    const { button } = renderMonths();
    await userEvent.click(button);
    await userEvent.keyboard("{End}");
    expect(activeOptionName()).toBe("December");
    await userEvent.keyboard("{PageUp}");
    expect(activeOptionName()).toBe("July");
    await userEvent.keyboard("{PageUp}");
    expect(activeOptionName()).toBe("February");
    await userEvent.keyboard("{PageUp}");
    expect(activeOptionName()).toBe("January");
    await userEvent.keyboard("{PageDown}");
    expect(activeOptionName()).toBe("June");
    await userEvent.keyboard("{Home}");
    expect(activeOptionName()).toBe("January");
  });

  it("a typed letter moves to the first option starting with it", async () => {
    const { button } = renderMonths();
    await userEvent.click(button);
    await userEvent.keyboard("j");
    expect(activeOptionName()).toBe("January");
    await userEvent.keyboard("m");
    expect(activeOptionName()).toBe("March");
    await userEvent.keyboard("O");
    expect(activeOptionName()).toBe("October");
    await userEvent.keyboard("{Enter}");
    expect(formValue("month")).toBe("10");
  });

  it("a typed letter on the closed control picks the first matching option", async () => {
    const { onChange, button } = renderMonths();
    button.focus();
    await userEvent.keyboard("s");
    expect(onChange).toHaveBeenCalledWith("9");
    expect(button).toHaveAccessibleName("Month September");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("closes when focus leaves it", async () => {
    renderWithI18n(
      <>
        <Select label="Method" name="authMethod" options={methods} />
        <button type="button">Next</button>
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: /Method/ }));
    expect(screen.getByRole("listbox")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("shows the placeholder until something is chosen, and submits nothing meanwhile", () => {
    renderWithI18n(
      <form data-testid="form">
        <Select label="Method" name="authMethod" options={methods} placeholder="Choose a method" />
      </form>,
    );
    expect(screen.getByRole("button", { name: "Method Choose a method" })).toBeInTheDocument();
    expect(formValue("authMethod")).toBe("");
  });

  it("follows a controlled value", async () => {
    const onChange = vi.fn();
    const { rerender } = renderWithI18n(<Select label="Method" name="authMethod" options={methods} value="sms" onChange={onChange} />);
    await userEvent.click(screen.getByRole("button", { name: "Method Text Message" }));
    await userEvent.click(screen.getByRole("option", { name: "Voice Call" }));
    expect(onChange).toHaveBeenCalledWith("voice");
    // Still "sms" until the owner passes the new value.
    expect(screen.getByRole("button", { name: "Method Text Message" })).toBeInTheDocument();
    rerender(<Select label="Method" name="authMethod" options={methods} value="voice" onChange={onChange} />);
    expect(screen.getByRole("button", { name: "Method Voice Call" })).toBeInTheDocument();
  });

  it("ties an error to the control", () => {
    renderWithI18n(<Select label="Method" name="authMethod" options={methods} error="Choose how to get your code" />);
    const button = screen.getByRole("button", { name: /Method/ });
    expect(button).toHaveAttribute("aria-invalid", "true");
    expect(button).toHaveAccessibleDescription("Error: Choose how to get your code");
  });
});

describe("listbox navigation rules", () => {
  it("moves one step with arrows and a page of 5 with PageUp/PageDown, clamped", () => {
    expect(SELECT_PAGE_SIZE).toBe(5);
    expect(indexAfterKey("ArrowDown", 2, 12)).toBe(3);
    expect(indexAfterKey("ArrowDown", 11, 12)).toBe(11);
    expect(indexAfterKey("ArrowUp", 0, 12)).toBe(0);
    expect(indexAfterKey("ArrowDown", -1, 12)).toBe(0);
    expect(indexAfterKey("ArrowUp", -1, 12)).toBe(11);
    expect(indexAfterKey("PageDown", 8, 12)).toBe(11);
    expect(indexAfterKey("PageUp", 3, 12)).toBe(0);
    expect(indexAfterKey("Home", 7, 12)).toBe(0);
    expect(indexAfterKey("End", 0, 12)).toBe(11);
    expect(indexAfterKey("a", 0, 12)).toBeNull();
    expect(indexAfterKey("ArrowDown", 0, 0)).toBeNull();
  });

  it("matches a typed letter against label starts, ignoring case and accents of the case", () => {
    const labels = ["Texto", "Llamada de voz", "Éxito"];
    expect(indexStartingWith(labels, "l")).toBe(1);
    expect(indexStartingWith(labels, "T")).toBe(0);
    expect(indexStartingWith(labels, "é")).toBe(2);
    expect(indexStartingWith(labels, "z")).toBe(-1);
  });
});
