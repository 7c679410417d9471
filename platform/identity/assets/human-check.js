// Solves the hosted pages' proof of work (ALTCHA) and puts the token in the form it belongs to.
import { solveChallenge } from "/assets/altcha-lib/index.js";
import { deriveKey } from "/assets/altcha-lib/algorithms/web/pbkdf2.js";

for (const field of document.querySelectorAll("[data-human-check]")) {
  const status = field.querySelector("[data-human-check-status]");
  const token = field.querySelector('input[name="captchaToken"]');
  status.textContent = field.dataset.working;
  (async () => {
    const response = await fetch(field.dataset.challengeUrl, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error("no challenge");
    const challenge = await response.json();
    const solution = await solveChallenge({ challenge, deriveKey, controller: new AbortController() });
    if (!solution) throw new Error("not solved");
    token.value = btoa(JSON.stringify({ challenge, solution }));
    status.textContent = field.dataset.done;
  })().catch(() => {
    status.textContent = field.dataset.failed;
  });
}
