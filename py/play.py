"""A game's page (index.html, go-for-gold.html): the registry's entry for ``<body data-game>``
draws it. The one script those pages run; which game it is, the page itself says."""

import games
import stdlib_bytecode  # noqa: F401  (first of ours: the standard library's bytecode)
from pyscript import document

page = games.by_key(str(document.body.dataset.game)).page_module().start()
