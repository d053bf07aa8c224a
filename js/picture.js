// The loading screen's picture of the game (build/vault.svg, build/island.svg) is the first
// thing a visitor sees: the runtime's big downloads start once it is on the screen, so they
// do not hold it back on a slow link or a slow phone (and Lighthouse's simulated slow 4G
// counts it as the page's Largest Contentful Paint, not the end of the download). At most
// LIMIT ms are spent waiting; a page without the picture (or a worker) does not wait.
const LIMIT = 1500;

export const pictureShown = (async () => {
  const picture = globalThis.document?.querySelector(".boot-picture");
  if (!picture) {
    return;
  }
  const painted = picture.decode().then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
    () => null, // no picture to wait for
  );
  await Promise.race([painted, new Promise((resolve) => setTimeout(resolve, LIMIT))]);
})();
