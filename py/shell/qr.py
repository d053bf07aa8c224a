"""QR codes drawn on the page: segno (vendored, requirements-site.txt) makes the symbol, this
draws its modules as one inline SVG path, black on white with the quiet zone, named for screen
readers by ``label``.

>>> picture = svg("https://example.org/?table=10016JJ", label="The table's link")
>>> picture.startswith('<svg class="qr"'), 'aria-label="The table&#x27;s link"' in picture
(True, True)
"""

from __future__ import annotations

from shell.html import esc


def modules(text: str) -> list[list[bool]]:
    """The dark modules of ``text``'s QR code (error correction M), quiet zone included."""
    import segno  # imported when a code is first drawn: only the table's pages draw one

    qr = segno.make(text, error="m", micro=False)
    return [[bool(m) for m in row] for row in qr.matrix_iter(border=4)]


def svg(text: str, *, label: str, css_class: str = "qr") -> str:
    rows = modules(text)
    size = len(rows)
    runs = []
    for y, row in enumerate(rows):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h{start - x}z")
    return (
        f'<svg class="{esc(css_class)}" xmlns="http://www.w3.org/2000/svg" '
        f'viewBox="0 0 {size} {size}" role="img" aria-label="{esc(label)}" '
        'shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path fill="#000" d="{"".join(runs)}"/></svg>'
    )
