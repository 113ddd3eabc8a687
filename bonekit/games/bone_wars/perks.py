"""The abilities that bend a rule for one player: the bonus of a paleontologist card (when the
card is played for its own action) and the grant a player holds for the round. Each is a small
predicate the turn and the effects ask ("may this bone stand in for any kind?")."""

from __future__ import annotations

from .data import components
from .state import BoneWarsState, Turn


def card_perk(t: Turn | None) -> str | None:
    """The bonus of the paleontologist card played this turn, if the turn's action is the one
    the card names (bone_wars.paleo.cards)."""
    if t is None or t.action is None:
        return None
    card = next((p for p in components().paleontologists if p.id == t.card), None)
    return card.bonus if card is not None and card.action == t.action else None


def grant(state: BoneWarsState, seat: int, grant_id: str) -> bool:
    """Whether ``seat`` holds the grant ``grant_id`` this round (bone_wars.grants)."""
    return state.boards[seat].grant == grant_id


def wild_icon(state: BoneWarsState, seat: int) -> str | None:
    """The minor-find icon ``seat``'s grant makes wild, if any."""
    g = state.boards[seat].grant or ""
    return g[len("wild_") :] if g.startswith("wild_") else None


def icons_match(state: BoneWarsState, seat: int, a: str, b: str) -> bool:
    """Whether icons ``a`` and ``b`` match for ``seat`` (a wild icon matches every icon)."""
    wild = wild_icon(state, seat)
    return a == b or (wild is not None and wild in (a, b))


def extra_free_moves(state: BoneWarsState, seat: int) -> int:
    return 2 if grant(state, seat, "extra_moves") else 0
