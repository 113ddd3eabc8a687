"""Errors the engine raises. Each carries the rule section it refers to."""
from __future__ import annotations


class BonekitError(Exception):
    """Base class of every error bonekit raises on purpose."""


class IllegalAction(BonekitError):
    """An action that the rules do not allow now.

    ``rule`` is the id of the rule-catalog section that forbids it; the state the action
    was tried on is never changed.
    """

    def __init__(self, message: str, rule: str, action: object = None):
        self.reason = message
        self.rule = rule
        self.action = action
        super().__init__(f"{message} [rule {rule}]")


class ReplayError(BonekitError):
    """A replay file that cannot be read: broken JSON, wrong format, or illegal moves."""


class UnknownGame(BonekitError):
    """``bonekit.load`` was given an id that names no game."""
