// The loading screen's language, settled before anything else runs: the pages list this
// module first, so the boot box's title (written in English in the page) is said in the
// visitor's language as soon as the page is parsed, not once PyScript's script has arrived
// (js/loading.js imports it, and that waited for PyScript's 136 kB: on a first visit the
// English title showed for ~0.13 s, longer on a busy machine).
import { MESSAGES } from "../build/boot.js";

function language() {
  const known = (code) => (code && MESSAGES[code] ? code : null);
  const asked = new URLSearchParams(location.search).get("lang");
  let kept = null;
  try {
    const prefs = JSON.parse(localStorage.getItem("site:prefs") || "{}");
    kept = ("v" in prefs && "value" in prefs ? prefs.value : prefs).lang;  // {v, value} since #57
  } catch (error) {
    kept = null; // storage refused or unreadable: the page itself reports that
  }
  const browser = (navigator.languages || []).map((c) => c.split(/[-_]/)[0].toLowerCase());
  return known(asked) || known(kept) || browser.find(known) || "en";
}

export const lang = language();
export const text = (key, params = {}) =>
  (MESSAGES[lang][key] ?? MESSAGES.en[key]).replace(/\{(\w+)\}/g, (_, name) => params[name]);

const boot = document.getElementById("boot");
if (boot) {
  for (const el of boot.querySelectorAll("[data-message]")) {
    el.textContent = text(el.dataset.message);
  }
  document.documentElement.lang = lang;
}
