// embed.html's runtime (PyScript and Pyodide: seconds of a phone's CPU and ~6 MB on a first
// visit) starts only once the frame nears the view: an explainer page of eight examples starts
// the ones on screen, the others as they are scrolled to (its loading picture shows meanwhile).
// js/loading.js imports PyScript's core, which then runs the page's <script type="py">.
const AHEAD = "25% 0px"; // a quarter screen ahead (a cross-origin host's frame: when it shows)

function start() {
  document.documentElement.dataset.runtime = "started";
  import("./loading.js");
}

if (window === window.top || typeof IntersectionObserver !== "function") {
  start(); // opened on its own: it is the page
} else {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        start();
      }
    },
    { rootMargin: AHEAD },
  );
  observer.observe(document.documentElement);
}
