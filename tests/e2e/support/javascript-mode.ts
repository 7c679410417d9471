import { test } from "@playwright/test";

/** Whether the running test's project has JavaScript on (the "js" project) or off ("no-js"). */
export const withJs = () => test.info().project.use.javaScriptEnabled !== false;
