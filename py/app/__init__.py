"""The browser layer's plain-Python part: settings, messages, the session and its views.

Nothing here imports a browser module, so every module runs (and is tested) in CPython;
only ``py/main.py`` touches ``pyscript``/``js``.  ``store`` and ``i18n`` know no game:
another game can share them.
"""
