"""Messages the workers send to the game screen (from their threads)."""
from __future__ import annotations

from dataclasses import dataclass, field

from textual.message import Message

from ninja_dojo.engine import Action
from ninja_dojo.solver.search import Analysis


@dataclass
class AIChose(Message):
    """The AI seats' moves for decision ``token``."""

    token: int
    moves: dict[int, Action]
    notes: list[str] = field(default_factory=list)


@dataclass
class AIFailed(Message):
    token: int
    seats: list[int]
    error: str


@dataclass
class HintReady(Message):
    """What the hint for ``seat``'s decision ``token`` has found so far
    (``done``: it has thought as deep as it goes)."""

    token: int
    seat: int
    analysis: Analysis
    done: bool = False


@dataclass
class HintFailed(Message):
    token: int
    error: str
