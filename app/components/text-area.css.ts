import { style } from "@vanilla-extract/css";
import { input } from "./field.css";

export const textArea = style([input, { minHeight: "8rem", resize: "vertical" }]);
