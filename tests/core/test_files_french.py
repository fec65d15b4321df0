"""An output file's refusals and the operating system's errors in French (issue 20): each refusal of
core.files said in French with French typography, its English ``str()`` word for word as before, and
the command line's error line in ``--lang``'s (or ``SCHOTTEN_LANG``'s) language."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from schotten_lab.cli import main
from schotten_lab.core.errors import OutputError
from schotten_lab.core.file_words import FILE_PHRASES, SystemProblem
from schotten_lab.core.files import atomic_path, check_output, write_text_atomic

from .test_french import french_problems

ROOT = Path(__file__).resolve().parents[2]
POSITION = str(ROOT / "data" / "positions" / "04_three_eights_r8_in_own_hand.json")


def _refusal(path: object, formats: tuple[str, ...] = ("html", "htm"), inputs: tuple[str, ...] = ()) -> OutputError:
    with pytest.raises(OutputError) as caught:
        check_output(path, formats, inputs)  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(
    ("name", "english", "french"),
    [
        ("x.txt", "'x.txt': '.txt' is not a format this writes; use .html, .htm",
         "«\u00a0x.txt\u00a0»\u00a0: «\u00a0.txt\u00a0» n’est pas un format que cette commande écrit\u00a0; utilisez .html ou .htm"),
        ("x", "'x': no extension is not a format this writes; use .html, .htm",
         "«\u00a0x\u00a0»\u00a0: il manque l’extension du fichier\u00a0; utilisez .html ou .htm"),
        ("d.html", "'d.html' is a folder; give a file name", "«\u00a0d.html\u00a0» est un dossier\u00a0; donnez un nom de fichier"),
        ("link.html", "'link.html' is a symbolic link; give the real file name (links are not followed)",
         "«\u00a0link.html\u00a0» est un lien symbolique\u00a0; donnez le vrai nom du fichier (les liens ne sont pas suivis)"),
        ("no/x.html", "no such folder: 'no' (for 'no/x.html'); folders are not created",
         "le dossier «\u00a0no\u00a0» n’existe pas (pour «\u00a0no/x.html\u00a0»)\u00a0; les dossiers ne sont jamais créés"),
        ("f.txt/x.html", "not a folder: 'f.txt' (for 'f.txt/x.html'); folders are not created",
         "«\u00a0f.txt\u00a0» n’est pas un dossier (pour «\u00a0f.txt/x.html\u00a0»)\u00a0; les dossiers ne sont jamais créés"),
        ("in.html", "'in.html' is also an input; writing it would destroy the input",
         "«\u00a0in.html\u00a0» est aussi un fichier lu par la commande\u00a0; l’écrire le détruirait"),
        ("", "an output file name is needed, not ''", "il faut un nom de fichier de sortie, et non «\u00a0\u00a0»"),
    ],
)  # fmt: skip
def test_each_refusal_keeps_its_english_and_says_itself_in_french(
    name: str, english: str, french: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.html").mkdir()
    (tmp_path / "f.txt").write_text("x", encoding="utf-8")
    (tmp_path / "in.html").write_text("x", encoding="utf-8")
    (tmp_path / "link.html").symlink_to(tmp_path / "in.html")
    error = _refusal(name, inputs=("in.html",))
    assert str(error) == english and error.in_words("en") == english
    assert error.in_words("fr") == french
    assert not french_problems(french.replace("«\u00a0\u00a0»", "«\u00a0X\u00a0»")), french_problems(french)


def test_a_long_folder_name_is_cut_at_its_start_in_both_languages(tmp_path: Path) -> None:
    folder = "a" * 100
    error = _refusal(str(tmp_path / folder / "x.html"))
    tail = str(tmp_path / folder)[-80:]
    assert f"…{tail!r} (" in str(error) and " characters)" in str(error)
    assert f"«\u00a0…{tail}\u00a0» (" in error.in_words("fr") and " caractères)" in error.in_words("fr")


@pytest.mark.parametrize(
    ("code", "french"),
    [
        (errno.ENOENT, "ce fichier ou ce dossier n’existe pas"),
        (errno.EACCES, "permission refusée"),
        (errno.EISDIR, "c’est un dossier"),
        (errno.ENOSPC, "le disque est plein"),
        (errno.EROFS, "le système de fichiers est en lecture seule"),
        (errno.ENAMETOOLONG, "le nom est trop long pour le système de fichiers"),
    ],
)
def test_the_common_system_errors_are_said_in_french(code: int, french: str) -> None:
    problem = SystemProblem(OSError(code, os.strerror(code)))
    assert problem.in_words("en") == str(problem) == os.strerror(code)
    assert problem.in_words("fr") == french and not french_problems(french)


def test_a_rare_system_error_is_quoted_as_the_systems_own_words() -> None:
    problem = SystemProblem(OSError(errno.EIO, "Input/output error"))
    assert problem.in_words("en") == "Input/output error"
    assert problem.in_words("fr") == "le système répond «\u00a0Input/output error\u00a0»"


def test_a_failed_write_says_the_previous_file_is_unchanged_in_both_languages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "x.html"
    target.write_text("old", encoding="utf-8")

    def full_disk(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OutputError) as caught:
        write_text_atomic(target, "new")
    shown = repr(str(target)) if len(str(target)) <= 40 else None
    assert str(caught.value).endswith(": cannot write: No space left on device (the previous file, if any, is unchanged)")
    french = caught.value.in_words("fr")
    assert french.startswith("impossible d’écrire «\u00a0") and french.endswith(
        "\u00a0: le disque est plein (le fichier précédent, s’il y en avait un, est intact)"
    )
    assert shown is None or str(caught.value).startswith(shown)
    assert target.read_text(encoding="utf-8") == "old" and list(tmp_path.iterdir()) == [target]
    with pytest.raises(OutputError) as link:
        with atomic_path(tmp_path / "nowhere" / "x.html"):
            pass
    assert "les dossiers ne sont jamais créés" in link.value.in_words("fr")


def test_every_file_phrase_has_both_languages() -> None:
    assert all(set(texts) == {"en", "fr"} for texts in FILE_PHRASES.values()) and len(FILE_PHRASES) >= 20


def _stderr(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize(
    ("argv", "english", "french"),
    [
        (["report", POSITION, "-o", "x.txt"], "schotten-lab: error: --output: cannot write the report: 'x.txt': '.txt' is not a format",
         "schotten-lab\u00a0: erreur\u00a0: --output (le rapport)\u00a0: «\u00a0x.txt\u00a0»\u00a0: «\u00a0.txt\u00a0» n’est pas un format"),
        (["diagram", POSITION, "-o", "no/x.svg"], "schotten-lab: error: --output: cannot write the diagram: no such folder: 'no'",
         "schotten-lab\u00a0: erreur\u00a0: --output (le schéma)\u00a0: le dossier «\u00a0no\u00a0» n’existe pas"),
        (["diagram", POSITION, "-o", "x.jpg"], "schotten-lab: error: --output 'x.jpg': the file name must end in .svg or .png",
         "schotten-lab\u00a0: erreur\u00a0: --output «\u00a0x.jpg\u00a0»\u00a0: le nom du fichier doit finir par .svg ou .png"),
        (["selfplay", "--games", "1", "-o", "no/x.jsonl"], "schotten-lab: error: --out: no such folder: 'no' (for 'no/x.jsonl')",
         "schotten-lab\u00a0: erreur\u00a0: --out\u00a0: le dossier «\u00a0no\u00a0» n’existe pas (pour «\u00a0no/x.jsonl\u00a0»)"),
    ],
)  # fmt: skip
def test_the_command_line_says_an_output_refusal_in_french(
    argv: list[str], english: str, french: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    assert _stderr(argv, capsys).startswith(english)
    line = _stderr([*argv, "--lang", "fr"], capsys)
    assert line.startswith(french) and not french_problems(line), french_problems(line)
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    assert _stderr(argv, capsys) == line
