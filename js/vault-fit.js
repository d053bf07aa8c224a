// Gold Connection's vault, fitted to its board without a size container (issue #59).
//
// A size container on the board made every layout of the page a whole one: a tap's layouts lay
// the board and its ~700 SVG nodes out again. Fitting the SVG by max-width/max-height: 100% and
// its ratio alone costs as much at most window sizes (the two sizing passes round its size
// differently, so the SVG's texts are laid out again each time). So the board's own size is
// read here, when it changes only (a ResizeObserver: after a layout, never inside a tap), and
// written as two things the page's CSS uses (css/game.css):
//
// - `--vault-w` on the board: the SVG's width, min(board's width, board's height / ratio), the
//   box the size container's min(100cqw, 100cqh / ratio) gave;
// - the class `drawn-small` on the board: the SVG is drawn under 760 px wide (the board under
//   760 px wide or 473 px high), where its texts would be under 12 px and its small drawing
//   shows instead (the board's width alone is asked by a container query too, so the class
//   only adds the height's case: a desktop window under ~660 px high).
//
// Each is written only when it changes. The board is written by Python (the page's shell, again
// after a switch of language): a MutationObserver on #app's own children finds each new one.
const RATIO = 0.6221; // 242 / 389, the vault's viewBox, to 4 places as the size container had it
const SMALL_WIDTH = 760;
const SMALL_HEIGHT = 473; // 760 * RATIO

const fitted = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const board = entry.target;
    const box = entry.contentBoxSize[0];
    const width = box.inlineSize;
    const height = box.blockSize;
    // in the layout's own units (1/64 px), rounded down as the container's min() was
    const svgWidth = `${Math.floor(Math.min(width, height / RATIO) * 64) / 64}px`;
    if (board.style.getPropertyValue("--vault-w") !== svgWidth) {
      board.style.setProperty("--vault-w", svgWidth);
    }
    const small = width <= SMALL_WIDTH || height <= SMALL_HEIGHT;
    if (board.classList.contains("drawn-small") !== small) {
      board.classList.toggle("drawn-small", small);
    }
  }
});

let watched = null;
function watch() {
  const board = document.getElementById("board");
  if (board === watched) return;
  if (watched) fitted.unobserve(watched);
  watched = board;
  if (board) fitted.observe(board);
}

const app = document.getElementById("app");
if (app) {
  new MutationObserver(watch).observe(app, { childList: true });
  watch();
}
