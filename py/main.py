"""Start-up stub, to be replaced by the app: proves the runtime and the engine archive load."""

import importlib.util

from pyscript import document

if importlib.util.find_spec("gold_connection") is not None:
    import gold_connection  # noqa: F401  (importing is the check)

document.documentElement.dataset.state = "ready"
