export { maskPhone } from "../../lib/program/phone-mask.ts";
