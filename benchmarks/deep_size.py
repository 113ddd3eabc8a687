"""How many bytes a set of objects keeps alive, counting every shared object once.

The benchmark uses it for a game's timeline (every state of a Replay, as a Stepper keeps
them): states that share their unchanged parts with the previous state cost only what
changed, which is the point of copy-on-write states.

The walk follows what states are made of: dataclass and plain instances (their ``__dict__``
and ``__slots__``), lists, tuples, dicts and other mappings, sets, frozensets and deques, down
to strings and numbers. Classes, functions and modules are not data and are neither counted nor entered.
Objects reachable from ``exclude`` (e.g. the Game with its rules and card tables, which every
state may point at but no timeline owns) are not counted either.

An instance's attribute dict is counted as a dict (``sys.getsizeof(obj.__dict__)``); on
Python 3.11+ that is about 48 bytes more than the inline attribute values CPython keeps
until the dict is first asked for, so the figure errs on the high side.
"""
from __future__ import annotations

import sys
from collections import deque
from collections.abc import Iterable, Mapping
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any

# Leaves: counted, nothing inside to walk.
_ATOMS = (str, bytes, bytearray, int, float, complex, bool, type(None), range)
# Not data: the code and types a state refers to belong to no timeline.
_NOT_DATA = (type, ModuleType, FunctionType, BuiltinFunctionType, MethodType)
_SEQUENCES = (list, tuple, set, frozenset, deque)


def slot_names(cls: type) -> tuple[str, ...]:
    """Every ``__slots__`` attribute of ``cls`` and its bases (without __dict__/__weakref__)."""
    names: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return tuple(names)


def children(obj: Any) -> Iterable[Any]:
    """The objects ``obj`` holds directly, as far as the walk is concerned."""
    if isinstance(obj, (dict, Mapping)):  # Mapping: e.g. a read-only MappingProxyType view
        yield from obj.keys()
        yield from obj.values()
        return
    if isinstance(obj, _SEQUENCES):
        yield from obj
        return
    attributes = getattr(obj, "__dict__", None)
    if isinstance(attributes, dict):
        yield attributes
    for name in slot_names(type(obj)):
        try:
            yield getattr(obj, name)
        except AttributeError:  # an unset slot holds nothing
            pass


def reachable(roots: Iterable[Any], seen: set[int]) -> Iterable[Any]:
    """Each object reachable from ``roots`` and not yet in ``seen`` (ids), once; marks them."""
    stack = list(roots)
    while stack:
        obj = stack.pop()
        key = id(obj)
        if key in seen or isinstance(obj, _NOT_DATA):
            continue
        seen.add(key)
        yield obj
        if not isinstance(obj, _ATOMS):
            stack.extend(children(obj))


def deep_size(roots: Iterable[Any], exclude: Iterable[Any] = (), seen: set[int] | None = None) -> int:
    """Bytes of everything reachable from ``roots``, each object once, leaving out what is
    reachable from ``exclude``. Pass the same ``seen`` set to several calls to count only
    what each adds to the ones before (e.g. a timeline's events after its states)."""
    seen = set() if seen is None else seen
    for _ in reachable(exclude, seen):
        pass
    # The ids in `seen` stay valid because every object counted is kept alive by the roots.
    return sum(sys.getsizeof(obj) for obj in reachable(roots, seen))


MB = 1_000_000  # the 2 MB target, in decimal megabytes
