"""Reading a file a person named: a regular file only, of bounded size.

Every file the project reads on a person's word (a position to load, a
Senjutsu deck file given with ``--option deck=FILE``) goes through
``read_regular``: a FIFO, a device, a socket or a folder is refused before
anything could block on it, and a file larger than the limit is refused
instead of filling the memory.  The path is checked with ``stat`` first, so
that a device is never even opened; it is then opened with ``O_NONBLOCK``
and checked again on the open descriptor, so that a file swapped for a FIFO
between the two checks is still refused and never waited on.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> read_regular(folder, 100, "position file")
Traceback (most recent call last):
...
ninja_dojo.engine.errors.PositionError: cannot read '...': a folder, not a position file
"""
from __future__ import annotations

import os
import stat

from ninja_dojo.engine import checks
from ninja_dojo.engine.errors import PositionError


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_regular(path: str | os.PathLike, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them;
    ``PositionError`` (quoting the path cut short) when it is missing,
    unreadable, not a regular file or larger than ``limit``."""
    try:
        name = checks.shown(os.fspath(path))
    except TypeError:
        raise PositionError(f"cannot read {checks.kind(path)}: expected the name of a {what}") from None
    try:
        before = os.stat(path)
    except (OSError, ValueError) as e:      # ValueError: a NUL in the path
        reason = getattr(e, "strerror", None) or "not a file name"
        raise PositionError(f"cannot read {name}: {reason}") from None
    if not stat.S_ISREG(before.st_mode):
        raise PositionError(f"cannot read {name}: {_kind(before.st_mode)}, not a {what}")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise PositionError(f"cannot read {name}: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise PositionError(f"cannot read {name}: {_kind(st.st_mode)}, not a {what}")
        if st.st_size > limit:
            raise PositionError(f"cannot read {name}: {st.st_size:,} bytes; a {what} has at most {limit:,}")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:                    # (it grew while being read)
            raise PositionError(f"cannot read {name}: more than {limit:,} bytes; "
                                f"a {what} has at most {limit:,}")
        return b"".join(chunks)
    except OSError as e:
        raise PositionError(f"cannot read {name}: {e.strerror or e}") from None
    finally:
        os.close(fd)
