"""The one error type for bad positions, files and arguments."""


class PositionError(ValueError):
    """A position, file or move that cannot be used; the message names the problem.

    >>> raise PositionError("state.piles[2]: a pile cannot be empty")
    Traceback (most recent call last):
    ...
    ninja_dojo.engine.errors.PositionError: state.piles[2]: a pile cannot be empty
    """
