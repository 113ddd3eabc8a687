"""Copy-on-write states: cheap to copy, cheap to keep.

A Bone to Pick state is a dataclass of numbers, strings, tuples, frozen records and lists (some
of them one list per seat). ``apply`` does not copy all of that for every action: the state it
returns is a *successor* that shares every part with the state it came from, and the engine
copies a part just before it changes it (``own`` for a field, ``own_seat`` for one seat's list
of a per-seat field). A timeline of states then costs little more than what each action
changed, and no change ever reaches an older state.

Which parts a state may change in place is recorded in its private ``_owned``: ``True`` for a
state that shares nothing (a new game, a ``copy``), else a dict of the parts copied since it
was made (field name, or (field name, seat), to the very object copied; a field that was
rebound since no longer matches, so it is copied again before a change). A state that gets a
successor gives up what it owned, as both now share it.

Code outside the engine that changes a state by hand should take ``copy()`` (``copy_state``)
first, or change only states it made itself: the lists of a state returned by ``apply`` may
be shared with its predecessor.

Each state class declares its fields' shapes in a table, from which its deep ``copy`` is
generated once (straight-line attribute code: the fastest copy Python offers for a slotted
class):

* ``"list"``: a list of immutable values (copied with ``list``);
* ``"lists"``: a list of such lists, one per seat (each inner list copied);
* ``"rng"``: the state's random generator;
* ``"data"``: anything else mutable, copied by the generic ``core.clone`` (options);
* fields not in the table hold immutable values and are shared.
"""
from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

from ...core.clone import clone
from ...core.rng import Rng

T = TypeVar("T", bound="CopyOnWrite")

_DEEP = {"list": "list({v})", "lists": "[list(x) for x in {v}]",
         "rng": "Rng({v}.seed, {v}.counter)", "data": "clone({v})"}


class CopyOnWrite:
    """Mixin of the state dataclasses (see the module docstring). A subclass calls
    ``copy_functions`` once to get its ``copy``."""

    __slots__ = ("_owned",)
    _owned: Any

    def __post_init__(self) -> None:
        # Built from values the caller handed in, which may be shared: own nothing yet.
        self._owned = None

    # ---- changing a part ----------------------------------------------------------------------
    def own(self, name: str) -> Any:
        """Field ``name`` (a list, dict or Rng), copied first unless this state already owns
        it: the state may then change it in place."""
        value = getattr(self, name)
        owned = self._owned
        if owned is True:
            return value
        if owned is None:
            owned = self._owned = {}
        elif owned.get(name) is value:
            return value
        value = value.copy() if type(value) in (list, dict) else _copy.copy(value)
        setattr(self, name, value)
        owned[name] = value
        return value

    def own_seat(self, name: str, seat: int) -> list:
        """``seat``'s list in per-seat field ``name`` (e.g. a hand), ready to change in place."""
        outer = self.own(name)
        owned = self._owned
        if owned is True:
            return outer[seat]
        key = (name, seat)
        inner = outer[seat]
        if owned.get(key) is not inner:
            inner = outer[seat] = list(inner)
            owned[key] = inner
        return inner

    def owns_all(self) -> None:
        """Declare that this state shares nothing (it was just built from fresh lists)."""
        self._owned = True

    # ---- making states ------------------------------------------------------------------------
    def successor(self: T) -> T:
        """A state equal to this one that shares all its parts; from now on both copy a part
        before changing it. This is ``apply``'s copy: a handful of attribute stores."""
        new = self.shallow()
        self._owned = None
        return new

    def shallow(self: T) -> T:
        """A state object sharing all of this one's parts, owning none (this one keeps what
        it owns: only for a read-only look that does not outlive the next change)."""
        raise NotImplementedError

    def copy(self: T) -> T:
        """A deep copy: shares nothing mutable with this state (``Game.copy_state``)."""
        raise NotImplementedError


def copy_functions(cls: type, shapes: dict[str, str]) -> tuple[Callable, Callable]:
    """(shallow, copy) functions for state class ``cls``, generated from its fields and the
    ``shapes`` table (see the module docstring)."""
    names = [f.name for f in fields(cls)]
    unknown = set(shapes) - set(names)
    if unknown or not set(shapes.values()) <= set(_DEEP):
        raise ValueError(f"bad shapes for {cls.__name__}: {sorted(unknown) or shapes}")
    shallow = [f"    new.{n} = self.{n}" for n in names]
    deep = [f"    new.{n} = " + (_DEEP[shapes[n]].format(v=f"self.{n}") if n in shapes else f"self.{n}")
            for n in names]
    source = ("def shallow(self):\n    new = _new(_cls)\n" + "\n".join(shallow)
              + "\n    new._owned = None\n    return new\n"
              "def copy(self):\n    new = _new(_cls)\n" + "\n".join(deep)
              + "\n    new._owned = True\n    return new\n")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "Rng": Rng, "clone": clone}
    exec(compile(source, f"<copy functions of {cls.__name__}>", "exec"), scope)
    return scope["shallow"], scope["copy"]
