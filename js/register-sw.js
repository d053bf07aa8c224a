// Registers the offline service worker once the page marks itself ready
// (<html data-state="ready">), so its precache downloads do not compete with the first boot.
const root = document.documentElement;

function register() {
  // updateViaCache "none": update checks also bypass the HTTP cache for imported scripts.
  navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => {
    console.warn("service worker not registered:", error);
  });
}

if ("serviceWorker" in navigator) {
  if (root.dataset.state === "ready") {
    register();
  } else {
    const observer = new MutationObserver(() => {
      if (root.dataset.state === "ready") {
        observer.disconnect();
        register();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }
}
