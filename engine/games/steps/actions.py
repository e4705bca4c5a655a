"""What a step owns: the actions it answers (:class:`Move`) and its state (:class:`StepState`).

:meth:`HandState.verify <engine.games.state.HandState.verify>`, ``can`` and
``act`` send a betting action to the betting round and any other action to
the step in play, which names the actions it answers in
:meth:`~engine.games.rules.Step.moves`. A step keeps what it needs between
calls in one :class:`StepState` dataclass of its own (or its family's), held
by the hand and saved with it; no step reads another family's state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.errors import EngineError

if TYPE_CHECKING:
    from engine.games.events import Event
    from engine.games.state import HandState


@dataclass(frozen=True, kw_only=True)
class ActionArgs:
    """What an action may carry besides the seat: a bet's ``amount``, the ``cards``
    a draw throws away, the ``game`` a Jack the Shifter switch changes to."""

    amount: int | None = None
    cards: tuple[int, ...] = ()
    game: str | None = None


Verify = Callable[["HandState", int, ActionArgs], None]
Apply = Callable[["HandState", int, ActionArgs], "Event"]


@dataclass(frozen=True)
class Move:
    """One action a step answers.

    ``verify`` raises the specific :class:`~engine.errors.IllegalActionError`
    and changes nothing; ``apply`` (called only after ``verify`` passed) changes
    the hand and returns the event; the hand then runs on by itself.
    """

    verify: Verify
    apply: Apply


class StepState:
    """A step's (or a family's) state between calls; a mutable dataclass in a subclass.

    ``key`` names it in a saved hand. Every field has a default, so a step can
    create it when first needed; fields are JSON values (ints, bools, strings,
    lists), so that :meth:`to_dict` and :meth:`from_dict` are generic.
    """

    key: ClassVar[str] = ""
    kinds: ClassVar[dict[str, type[StepState]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.key:
            raise TypeError(f"{cls.__name__} needs a key to be saved under")
        if cls.key in StepState.kinds:
            raise TypeError(f"two step states are saved as {cls.key!r}")
        StepState.kinds[cls.key] = cls

    def set_aside(self) -> list[int]:
        """Cards this step keeps out of play that nobody holds (discards, a widow)."""
        return []

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = asdict(self)  # type: ignore[call-overload]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        try:
            return cls(**data)
        except TypeError as exc:
            raise EngineError(
                f"not a saved {cls.key} state: {exc}", code="saved_state_broken"
            ) from exc

    @classmethod
    def from_old_phase(cls, phase: Mapping[str, Any]) -> Self | None:
        """The state from a hand saved before steps kept typed state (``phase`` keys)."""
        return None


def step_state_from_dict(key: str, data: Mapping[str, Any]) -> StepState:
    kind = StepState.kinds.get(key)
    if kind is None:
        raise EngineError(
            f"a saved hand has an unknown step state {key!r}", code="saved_state_broken"
        )
    return kind.from_dict(data)
