"""The names of ``pyodide.ffi`` the page layer uses; what crosses into JavaScript is Any."""

from collections.abc import Callable
from typing import Any

def create_proxy(obj: Callable[..., Any], **options: Any) -> Any:
    """A JavaScript function calling ``obj`` (a JsProxy, kept until destroyed)."""

def create_once_callable(obj: Callable[..., Any], **options: Any) -> Any:
    """A JavaScript function calling ``obj`` once, then released."""

def to_js(obj: Any, **options: Any) -> Any:
    """A Python value converted to a JavaScript one."""
