"""Writing files safely: never through a symbolic link, never over an existing file unless asked.

A link planted where a new file is about to go must not redirect the write to the link's target, so new
files are created with ``O_CREAT | O_EXCL`` (which refuses any existing name, a dangling link included)
and ``O_NOFOLLOW``. Replacing a file writes a fresh file beside it and renames it over the old name: the
rename replaces the directory entry, never what a link there points to.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path

from tutor.engine.errors import RuleViolation, short

_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def create(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8 text, or bytes as they are: a PDF) to a new file at ``path``.

    Raises :class:`FileExistsError` if anything already has that name (a file, a folder, a link, even a
    dangling one), and :class:`OSError` if the file cannot be written; a half-written file is removed.
    """
    descriptor = os.open(path, _NEW, 0o666)  # the umask applies, as for any new file
    try:
        if isinstance(text, bytes):
            with os.fdopen(descriptor, "wb") as binary:
                binary.write(text)
        else:
            with os.fdopen(descriptor, "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
    except BaseException:
        with suppress(OSError):
            path.unlink()
        raise


def replace(path: Path, text: str | bytes) -> None:
    """Write ``text`` to ``path`` in one step, replacing the regular file there (or creating it)."""
    spare = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")  # not *.yaml: never read as content
    create(spare, text)
    try:
        os.replace(spare, path)
    except BaseException:
        with suppress(OSError):
            spare.unlink()
        raise


def refusal(path: Path, force: bool) -> str | None:
    """Why ``path`` must not be written (``force``: an existing regular file may be replaced), or None."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as error:
        return f"cannot write {_shown(path)}: {error.strerror or error}"
    if stat.S_ISLNK(mode):
        return f"{_shown(path)} is a symbolic link: not writing through it (remove the link first)"
    if not stat.S_ISREG(mode):
        return f"{_shown(path)} exists and is not a regular file: not writing over it"
    if not force:
        return f"{_shown(path)} already exists: nothing was written (--force replaces existing files)"
    return None


def write_all(files: Sequence[tuple[Path, str | bytes]], force: bool = False) -> list[Path]:
    """Write every ``(path, text)``, or none of them; parent folders are created.

    Nothing is written unless every path is free (or, with ``force``, a regular file to replace): a link is
    never written through, even with ``force``. Raises :class:`RuleViolation` with one line naming the file.
    If writing fails part way, the files created so far are removed again.
    """
    for path, _ in files:
        why = refusal(path, force)
        if why:
            raise RuleViolation(why)
    created: list[Path] = []
    written: list[Path] = []
    current = files[0][0] if files else Path()
    try:
        for path, text in files:
            current = path
            path.parent.mkdir(parents=True, exist_ok=True)
            if force and os.path.lexists(path):
                replace(path, text)
            else:
                create(path, text)
                created.append(path)
            written.append(path)
    except FileExistsError:  # something took the name since it was checked
        _remove(created)
        raise RuleViolation(f"{_shown(current)} appeared while writing: stopped, new files removed") from None
    except OSError as error:
        _remove(created)
        raise RuleViolation(f"cannot write {_shown(current)}: {error.strerror or error}") from None
    return written


def _remove(paths: Sequence[Path]) -> None:
    for path in paths:
        with suppress(OSError):
            path.unlink()


def _shown(path: Path) -> str:
    return short(str(path), 120)
