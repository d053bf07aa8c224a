// embed.html's loading picture: the position the frame was given, drawn at build time by the
// engines' own SVG (build/embed/, table in build/embed/pictures.js, loaded just before this),
// so an explainer's frames each show their own scenario while their runtime waits to start
// (js/embed-boot.js). A classic script right after the <img>: it runs before the first paint,
// and its width and height are set with its src, so nothing shifts. A record passed inside
// the address (g=…) or a file the build did not draw shows the game's vault.
(() => {
  const picture = document.querySelector(".boot-picture");
  if (!picture) {
    return;
  }
  const params = new Map();
  for (const text of [location.search.slice(1), location.hash.slice(1)]) {
    for (const [key, value] of new URLSearchParams(text)) {
      if (!params.has(key)) {
        params.set(key, value);
      }
    }
  }
  const scenario = (self.EMBED_PICTURES ?? {})[params.get("src") ?? ""];
  let shown = ["build/vault.svg", 389, 242];
  if (scenario && !params.has("g")) {
    const last = scenario.steps.length - 1;
    const at = params.get("at");
    let step = params.get("mode") === "play" ? scenario.play : 0;
    if (at === "end") {
      step = last;
    } else if (/^\d{1,6}$/.test(at ?? "")) {
      step = Math.min(Number(at), last);
    }
    shown = scenario.steps[step];
  }
  const [src, width, height] = shown;
  picture.width = width;
  picture.height = height;
  picture.src = src;
})();
