"""Go for Gold at one table, every player on their own device (``go-for-gold.html?table=…``):
``app`` (the page as state), ``view`` (its HTML), ``screenreader`` (its news and command line),
``messages`` (its texts in four languages) and ``page`` (bound to the DOM). docs/table.md."""
