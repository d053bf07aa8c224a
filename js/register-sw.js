// Registers the offline service worker once the page has started (<html data-state> is no
// longer "loading"), so its precache downloads do not compete with the first boot.
const root = document.documentElement;
// Not after the runtime failed to load (js/loading.js marks data-boot="failed"): Retry then
// starts afresh over the network, with the download's progress.
const started = () => root.dataset.state !== "loading" && root.dataset.boot !== "failed";

function register() {
  // updateViaCache "none": update checks also bypass the HTTP cache for imported scripts.
  navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).catch((error) => {
    console.warn("service worker not registered:", error);
  });
}

if ("serviceWorker" in navigator) {
  if (started()) {
    register();
  } else {
    const observer = new MutationObserver(() => {
      if (started()) {
        observer.disconnect();
        register();
      }
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-state"] });
  }
}
