"""Pyodide's package: only ``pyodide.ffi`` is used."""
