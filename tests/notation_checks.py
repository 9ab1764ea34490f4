"""What every game's notation (``engine/<game>/notation``) must do, checked
the same way for each: every action id has a kind and its name reads back
to the id, and anything else given to it is refused with one
``PositionError``, never a crash or a wrong answer."""
from __future__ import annotations

from hypothesis import strategies as st

from ninja_dojo.engine import PositionError


def kinds_in_id_order(notation) -> tuple[str, ...]:
    """The kinds of all the ids, each the first time it is met, after
    checking that every id's name reads back to it."""
    kinds = []
    for a in range(notation.NUM_ACTIONS):
        kind, args = notation.describe(a)
        assert isinstance(args, dict)
        if kind not in kinds:
            kinds.append(kind)
        assert notation.parse_action(notation.action_name(a)) == a
    return tuple(kinds)


def junk(notation, near_ids):
    """Values a caller might hand the notation by mistake: any text, number
    or list, and the names of ``near_ids`` with something added."""
    return st.one_of(st.text(max_size=40), st.integers(), st.none(), st.booleans(), st.floats(),
                     st.lists(st.integers(), max_size=3),
                     st.sampled_from([notation.action_name(a) + x for a in near_ids
                                      for x in ("", " ", "!", "s")]))


def refused_or_as_written(value, notation, name_readers=(), id_readers=()) -> None:
    """``value`` is refused with a ``PositionError`` by each reader, or
    accepted only as the notation itself writes it: an action's name (read
    back to an id whose name it is), a name for ``name_readers`` (a card's
    or token's), an id for ``describe``, ``action_name`` and ``id_readers``."""
    for read in (notation.parse_action, notation.describe, notation.action_name, *name_readers, *id_readers):
        try:
            got = read(value)
        except PositionError:
            continue
        if read is notation.parse_action:
            assert notation.action_name(got) == value.strip()
        elif read in name_readers:
            assert isinstance(value, str)
        else:
            assert isinstance(value, int) and not isinstance(value, bool)
