"""The player's settings, kept in ``settings.json`` in the data folder.

Each setting has its allowed values here (the settings screen offers them,
loading checks them); a file that cannot be read, or a value that is not
allowed, gives the default and one message naming the field.

>>> s = Settings.from_json({"one_key": True, "recap_seconds": 5})
>>> s.one_key, s.recap_seconds, s.take_back_seconds
(True, 5, 2)
>>> Settings.from_json({"recap_seconds": "soon"})
Traceback (most recent call last):
...
ninja_dojo.engine.errors.PositionError: settings.recap_seconds: 'soon' is not one of 0, 3, 5, 10
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from ninja_dojo.engine import PositionError
from ninja_dojo.engine.files import read_regular
from ninja_dojo.tui.paths import ensure, settings_file

#: the largest settings file read (it holds four values)
SETTINGS_LIMIT = 1 << 16

#: the values each setting may take, the default first
CHOICES: dict[str, tuple] = {
    "one_key": (False, True),
    "take_back_seconds": (2, 1, 3, 5),
    "recap_seconds": (0, 3, 5, 10),
    "step_pause": (0.7, 0, 0.4, 1.2),
}

#: what each setting does, for the settings screen
HELP = {
    "one_key": "How a number key chooses: it selects and enter plays (you can change your "
               "mind until enter), or it plays at once (u takes it back until the reveal).",
    "take_back_seconds": "With one key: how long the cards wait before the reveal, so that "
                         "u can take a mis-keyed choice back (enter reveals at once).",
    "recap_seconds": "After each round the recap stays on screen until a key, or goes on "
                     "by itself after this many seconds.",
    "step_pause": "The pause between the steps of a round as they are resolved "
                  "(space skips the rest of a move; n goes straight to your next decision).",
}

LABELS = {
    "one_key": "Number key",
    "take_back_seconds": "Take-back time",
    "recap_seconds": "Round recap",
    "step_pause": "Step pause",
}


def value_label(key: str, value) -> str:
    """How a value reads on the settings screen.

    >>> value_label("recap_seconds", 0), value_label("one_key", True)
    ('until a key', 'plays at once')
    """
    if key == "one_key":
        return "plays at once" if value else "selects, enter plays"
    if key == "recap_seconds":
        return "until a key" if not value else f"{value:g} s, then on"
    if key == "step_pause":
        return "none" if not value else f"{value:g} s"
    return f"{value:g} s"


@dataclass(frozen=True)
class Settings:
    one_key: bool = CHOICES["one_key"][0]
    take_back_seconds: float = CHOICES["take_back_seconds"][0]
    recap_seconds: float = CHOICES["recap_seconds"][0]
    step_pause: float = CHOICES["step_pause"][0]

    @classmethod
    def from_json(cls, doc) -> "Settings":
        """Settings from a parsed file; ``PositionError`` naming the first
        bad field.  Keys this version does not know are ignored (a newer
        version's file still opens)."""
        if not isinstance(doc, dict):
            raise PositionError("settings: expected an object of settings")
        values = {}
        for f in fields(cls):
            if f.name not in doc:
                continue
            v = doc[f.name]
            allowed = CHOICES[f.name]
            # (True == 1 in Python: a switch takes only booleans, a number no boolean)
            if v not in allowed or isinstance(v, bool) != isinstance(allowed[0], bool):
                listed = ", ".join(str(a).lower() if isinstance(a, bool) else f"{a:g}"
                                   for a in sorted(allowed))
                raise PositionError(f"settings.{f.name}: {v!r} is not one of {listed}")
            values[f.name] = v
        return cls(**values)

    def to_json(self) -> dict:
        return asdict(self)

    def with_(self, **changes) -> "Settings":
        return replace(self, **changes)


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file was bad, why the defaults were used."""
    path = path or settings_file()
    if not path.exists():
        return Settings(), None
    try:    # (a regular file of text only: never a FIFO the app would wait on)
        text = read_regular(path, SETTINGS_LIMIT, "settings file").decode("utf-8")
    except PositionError as e:
        return Settings(), f"{e}; using the default settings"
    except UnicodeDecodeError:
        return Settings(), f"{path} is not text (UTF-8); using the default settings"
    try:
        return Settings.from_json(json.loads(text)), None
    except json.JSONDecodeError as e:
        return Settings(), f"{path} is not JSON ({e.msg}); using the default settings"
    except PositionError as e:
        return Settings(), f"{e}; using the default settings"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically (a temporary file renamed over the old one); ``OSError``."""
    path = path or settings_file()
    ensure(path.parent)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
