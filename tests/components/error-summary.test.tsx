// @vitest-environment jsdom
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { ErrorSummary } from "~/components/error-summary";
import { TextInput } from "~/components/text-input";
import { renderServerHtml, renderWithI18n } from "./render";

const errors = [
  { fieldId: "password", message: "Enter a password" },
  { fieldId: "confirmPassword", message: "Password not entered" },
];

describe("ErrorSummary", () => {
  it("is an alert headed 'There is a problem' listing a link to each field", () => {
    renderWithI18n(<ErrorSummary errors={errors} />);
    const alert = screen.getByRole("alert", { name: "There is a problem" });
    expect(screen.getByRole("heading", { level: 2, name: "There is a problem" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Enter a password" })).toHaveAttribute("href", "#password");
    expect(screen.getByRole("link", { name: "Password not entered" })).toHaveAttribute("href", "#confirmPassword");
    expect(alert.parentElement).toHaveAttribute("tabindex", "-1");
  });

  it("uses the Spanish heading in Spanish", () => {
    renderWithI18n(<ErrorSummary errors={errors} />, { lng: "es" });
    expect(screen.getByRole("heading", { name: "Hay un problema" })).toBeInTheDocument();
  });

  it("takes focus when it appears with errors; the alert inside it is announced once", () => {
    renderWithI18n(<ErrorSummary errors={errors} />);
    const alert = screen.getByRole("alert", { name: "There is a problem" });
    expect(alert.parentElement).toHaveFocus();
    expect(alert.parentElement).not.toHaveAttribute("role");
  });

  it("puts 'Error: ' before the page's title while it shows, and takes it away after", () => {
    document.title = "Update Password | DNA Discovery Program";
    const { unmount } = renderWithI18n(<ErrorSummary errors={errors} />);
    expect(document.title).toBe("Error: Update Password | DNA Discovery Program");
    unmount();
    expect(document.title).toBe("Update Password | DNA Discovery Program");
  });

  it("renders nothing and takes no focus without errors", () => {
    const { container } = renderWithI18n(<ErrorSummary errors={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("a link moves focus to its field", async () => {
    renderWithI18n(
      <>
        <ErrorSummary errors={errors} />
        <TextInput id="password" label="Password" error="Enter a password" />
        <TextInput id="confirmPassword" label="Confirm password" error="Password not entered" />
      </>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Password not entered" }));
    expect(screen.getByRole("textbox", { name: "Confirm password" })).toHaveFocus();
  });

  it("without JavaScript its links are plain fragment links", () => {
    const { container } = renderServerHtml(<ErrorSummary errors={errors} />);
    expect([...container.querySelectorAll("a")].map((link) => link.getAttribute("href"))).toEqual(["#password", "#confirmPassword"]);
  });

  it("without JavaScript the page the server sends asks the browser to focus it", () => {
    const { container } = renderServerHtml(<ErrorSummary errors={errors} />);
    expect(container.querySelector('[role="alert"]')?.parentElement).toHaveAttribute("autofocus");
  });
});

describe("ErrorSummary of a form", () => {
  const codeSchema = z.object({
    code: z.string({ error: "Authentication code not entered" }).regex(/^\d{6}$/, "Authentication code is not in correct format"),
  });

  /** A form checked by conform on blur and on submit, as the password-update steps are. */
  function CodeForm() {
    const [form, fields] = useForm({
      id: "code-form",
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
      onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    });
    const errors = fields.code.errors?.length ? [{ fieldId: fields.code.id, message: fields.code.errors[0]! }] : [];
    return (
      <>
        <ErrorSummary formId={form.id} errors={errors} />
        <form
          {...getFormProps(form)}
          onSubmit={(event) => {
            form.onSubmit(event);
            event.preventDefault(); // nowhere to post to in this test
          }}
        >
          <TextInput {...getInputProps(fields.code, { type: "text" })} key={fields.code.key} label="Authentication code" />
          <button type="submit">Verify</button>
        </form>
      </>
    );
  }

  it("errors found on leaving a field do not move focus: it goes where the participant tabbed", async () => {
    renderWithI18n(<CodeForm />);
    await userEvent.type(screen.getByRole("textbox", { name: "Authentication code" }), "12");
    await userEvent.tab();
    expect(screen.getByRole("link", { name: "Authentication code is not in correct format" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Verify" })).toHaveFocus();
  });

  it("a submit with errors moves focus to the summary, every time", async () => {
    renderWithI18n(<CodeForm />);
    await userEvent.type(screen.getByRole("textbox", { name: "Authentication code" }), "12{Enter}");
    const summary = screen.getByRole("alert", { name: "There is a problem" }).parentElement;
    expect(summary).toHaveFocus();
    await userEvent.click(screen.getByRole("textbox", { name: "Authentication code" }));
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(summary).toHaveFocus();
  });
});
