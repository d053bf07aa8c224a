"""A game's page (index.html, go-for-gold.html): the registry's entry for ``<body data-game>``
draws it. The one script those pages run; which game it is, the page itself says."""

import games
from pyscript import document

page = games.by_key(str(document.body.dataset.game)).page_module().start()
