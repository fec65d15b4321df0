"""Writing files so that a failure can never destroy data (the standard library, and the words of its refusals).

Every file the project writes goes through :func:`atomic_path` (or :func:`write_text_atomic`): the
content goes to a temporary file in the target's folder, which is renamed over the target only once
it is complete (``os.replace`` is atomic on one file system). A full disk, a file-size limit or an
interrupted run leaves the previous file exactly as it was, and no temporary file behind.

:func:`check_output` refuses, before any work, what would be a mistake: an extension that is not
one of the formats the writer produces, an output that is one of the inputs, a symbolic link (it is
never followed: replacing it would silently write elsewhere), a folder, a file in a folder that does
not exist. Folders are never created here: a mistyped folder name is an error, not a new directory
tree (an application that owns its folder, like the play widget's ``games/``, creates it itself).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from .errors import OutputError
from .file_words import FolderName, SystemProblem, path_words, wanted
from .reader_words import Quoted


def check_output(path: str | Path, formats: Sequence[str], inputs: Iterable[str | Path] = ()) -> Path:
    """``path`` as a :class:`Path` if it is a safe place to write one of ``formats`` (extensions
    without the dot, e.g. ``("html", "htm")``) and is none of ``inputs`` (compared by file identity,
    ``os.path.samefile``: another spelling or a hard link of an input is refused too); raise
    :class:`OutputError` saying why not. An operating-system error while looking at the path (a
    name over the file system's limit, a folder that cannot be searched...) is an
    :class:`OutputError` too, never an ``OSError``."""
    try:
        return _check_output(path, formats, inputs)
    except OSError as exc:
        raise OutputError.of("file.cannot_write", path=path_words(path), why=SystemProblem(exc)) from None


def _check_output(path: str | Path, formats: Sequence[str], inputs: Iterable[str | Path]) -> Path:
    if not isinstance(path, (str, Path)) or not str(path):
        raise OutputError.of("file.name_needed", value=Quoted(path))
    target = Path(path)
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in formats:
        if suffix:
            raise OutputError.of("file.format", path=path_words(path), found=Quoted(f".{suffix}"), wanted=wanted(formats))
        raise OutputError.of("file.no_extension", path=path_words(path), wanted=wanted(formats))
    if target.is_symlink():
        raise OutputError.of("file.symlink", path=path_words(path))
    if target.is_dir():
        raise OutputError.of("file.folder", path=path_words(path))
    _check_folder(target, path)
    for source in inputs:
        if _same_file(target, Path(source)):
            raise OutputError.of("file.is_input", path=path_words(path))
    return target


def _check_folder(target: Path, path: str | Path) -> None:
    """Raise :class:`OutputError` unless ``target``'s folder exists (it is never created)."""
    folder = target.parent
    if not folder.is_dir():
        key = "file.not_folder" if folder.exists() else "file.no_folder"
        # its end is what a typo is in: a long one is cut at the start
        raise OutputError.of(key, folder=FolderName(str(folder)), path=path_words(path))


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` are one file (same device and inode), or, when either does not exist
    yet, the same resolved path."""
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """A temporary path, in ``path``'s folder and with its extension, to write the whole file to;
    renamed onto ``path`` when the block ends without an error, deleted otherwise.

    An ``OSError`` while writing or renaming becomes an :class:`OutputError`; the old ``path``, if
    any, is untouched. A symbolic link at ``path`` is refused (see :func:`check_output`), and so is a
    folder that does not exist (``no such folder``: it is never created).
    """
    target = Path(path)
    try:
        if target.is_symlink():
            raise OutputError.of("file.symlink", path=path_words(path))
        _check_folder(target, path)
    except OSError as exc:
        raise OutputError.of("file.cannot_write", path=path_words(path), why=SystemProblem(exc)) from None
    folder = target.parent
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".tmp{target.suffix}", dir=folder)
        os.close(fd)
    except OSError as exc:
        raise OutputError.of("file.cannot_write", path=path_words(path), why=SystemProblem(exc)) from None
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except OSError as exc:
        raise OutputError.of("file.cannot_write_kept", path=path_words(path), why=SystemProblem(exc)) from None
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or the usual ones (0o666 minus the umask)."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0o22)
        os.umask(umask)
        return 0o666 & ~umask


def write_text_atomic(path: str | Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically: all of it, or nothing changed."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    return Path(path)


__all__ = ["atomic_path", "check_output", "write_text_atomic"]
