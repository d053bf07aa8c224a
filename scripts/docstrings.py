"""Run by scripts/compile_pyc.mjs and scripts/make_stdlib.mjs in the site's Pyodide (under Node)
before they compile: module and function docstrings left out of the bytecode. Nothing on the
pages reads them (help(), doctest and pydoc are not in the browser; the doctests run under
CPython from the sources), and every use in the standard library's modules copies them or checks
for None. Class docstrings stay: dataclasses and enum make one when it is missing. Unlike -OO,
asserts and __debug__ stay as they are."""

import ast
from types import CodeType


def without_docstrings(source: bytes, filename: str) -> CodeType:
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return compile(tree, filename, "exec", dont_inherit=True)
