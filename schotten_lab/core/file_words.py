"""An output file's refusals and the operating system's errors in words (English and French).

:mod:`.files` raises :class:`~.errors.OutputError` with a :class:`~.words.Fact` of
:data:`FILE_PHRASES`: the English is the message it always had, word for word, and
``in_words("fr")`` says it in French. An operating-system error (:class:`SystemProblem`) keeps the
system's own English text in English; in French the common cases (a missing file or folder, a
permission refused, a folder, a full disk, a read-only file system...) are said in French, and a rare
one quotes the system's text, saying it is the system's.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from dataclasses import dataclass

from .reader_words import Quoted
from .words import NBSP, check_lang, number, register, say

FILE_PHRASES = register({
    "file.cannot_write": {"en": "{path}: cannot write: {why}", "fr": "impossible d'écrire {path} : {why}"},
    "file.cannot_write_kept": {"en": "{path}: cannot write: {why} (the previous file, if any, is unchanged)",
                               "fr": "impossible d'écrire {path} : {why} (le fichier précédent, s'il y en avait un, est intact)"},
    "file.name_needed": {"en": "an output file name is needed, not {value}", "fr": "il faut un nom de fichier de sortie, et non {value}"},
    "file.format": {"en": "{path}: {found} is not a format this writes; use {wanted}",
                    "fr": "{path} : {found} n'est pas un format que cette commande écrit ; utilisez {wanted}"},
    "file.no_extension": {"en": "{path}: no extension is not a format this writes; use {wanted}",
                          "fr": "{path} : il manque l'extension du fichier ; utilisez {wanted}"},
    "file.symlink": {"en": "{path} is a symbolic link; give the real file name (links are not followed)",
                     "fr": "{path} est un lien symbolique ; donnez le vrai nom du fichier (les liens ne sont pas suivis)"},
    "file.folder": {"en": "{path} is a folder; give a file name", "fr": "{path} est un dossier ; donnez un nom de fichier"},
    "file.is_input": {"en": "{path} is also an input; writing it would destroy the input",
                      "fr": "{path} est aussi un fichier lu par la commande ; l'écrire le détruirait"},
    "file.no_folder": {"en": "no such folder: {folder} (for {path}); folders are not created",
                       "fr": "le dossier {folder} n'existe pas (pour {path}) ; les dossiers ne sont jamais créés"},
    "file.not_folder": {"en": "not a folder: {folder} (for {path}); folders are not created",
                        "fr": "{folder} n'est pas un dossier (pour {path}) ; les dossiers ne sont jamais créés"},
    "file.long_name": {"en": "…{tail} ({count} characters)", "fr": "« …{tail} » ({count} caractères)"},
    # the operating system's errors: French for the common ones (English says the system's own text, usually this one)
    "os.ENOENT": {"en": "No such file or directory", "fr": "ce fichier ou ce dossier n'existe pas"},
    "os.EACCES": {"en": "Permission denied", "fr": "permission refusée"},
    "os.EPERM": {"en": "Operation not permitted", "fr": "opération non permise"},
    "os.EISDIR": {"en": "Is a directory", "fr": "c'est un dossier"},
    "os.ENOTDIR": {"en": "Not a directory", "fr": "une partie du chemin n'est pas un dossier"},
    "os.ENOSPC": {"en": "No space left on device", "fr": "le disque est plein"},
    "os.EDQUOT": {"en": "Disk quota exceeded", "fr": "le quota de disque est atteint"},
    "os.EROFS": {"en": "Read-only file system", "fr": "le système de fichiers est en lecture seule"},
    "os.ENAMETOOLONG": {"en": "File name too long", "fr": "le nom est trop long pour le système de fichiers"},
    "os.EFBIG": {"en": "File too large", "fr": "le fichier dépasse la taille permise"},
    "os.other": {"en": "{text}", "fr": "le système répond « {text} »"},
})  # fmt: skip
"""An output file's refusals (``file.*``) and the operating system's errors (``os.*``), en and fr."""

_NAMED_ERRORS = frozenset(key[len("os."):] for key in FILE_PHRASES if key.startswith("os.") and key != "os.other")


@dataclass(frozen=True, slots=True)
class SystemProblem:
    """An operating-system error in words: its own text in English (``strerror``, as always); in French
    a phrase for the common ``errno`` values, else the system's text said as such."""

    error: OSError

    def in_words(self, lang: str = "en") -> str:
        text = str(self.error.strerror or self.error)
        name = errno.errorcode.get(self.error.errno or 0, "")
        if check_lang(lang) == "en":
            return text
        return say(f"os.{name}", lang) if name in _NAMED_ERRORS else say("os.other", lang, text=text)

    def __str__(self) -> str:
        return self.in_words("en")


@dataclass(frozen=True, slots=True)
class Extensions:
    """The extensions a writer produces: ``.html, .htm`` / « .html ou .htm »."""

    formats: tuple[str, ...]

    def in_words(self, lang: str = "en") -> str:
        names = [f".{f}" for f in self.formats]
        if check_lang(lang) == "en" or len(names) < 2:
            return ", ".join(names)
        return ", ".join(names[:-1]) + " ou " + names[-1]


@dataclass(frozen=True, slots=True)
class FolderName:
    """A folder's name in a message: quoted whole, or its end when long (its end is where a typo is)."""

    name: str
    limit: int = 80

    def in_words(self, lang: str = "en") -> str:
        name = self.name
        if len(name) <= self.limit:
            return repr(name) if check_lang(lang) == "en" else f"«{NBSP}{name}{NBSP}»"
        tail = name[-self.limit:]
        shown = repr(tail) if check_lang(lang) == "en" else tail
        return say("file.long_name", lang, tail=shown, count=number(len(name), lang))


def path_words(path: object) -> Quoted:
    """An output path as messages quote it (``'x.html'`` / « x.html », cut when long)."""
    return Quoted(str(path))


def wanted(formats: Sequence[str]) -> Extensions:
    """The extensions ``formats`` as a message field."""
    return Extensions(tuple(formats))


__all__ = ["FILE_PHRASES", "Extensions", "FolderName", "SystemProblem", "path_words", "wanted"]
