"""A stage's face (`answers/<stage>/__init__.py`): the names later stages use, each read from
its module on first use (PEP 562). Importing one module of a stage then loads nothing else of
it: an embedding worker process imports `answers.understand.embeddings` before Django is set
up, and an eager face would have imported the models with it."""

import importlib
from collections.abc import Callable


def face(package: str, names: dict[str, str]) -> tuple[list[str], Callable[[str], object]]:
    """(`__all__`, `__getattr__`) for `package`, whose `names` map each name to its module."""

    def attribute(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(names[name]), name)

    return sorted(names), attribute
