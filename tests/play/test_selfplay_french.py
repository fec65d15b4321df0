"""``selfplay``'s refusals and note in French (issue 20): the engine (``SelfPlayError``), a runner's
options and a cluster that cannot be reached (``ClusterError``), the note on a time budget; their
English word for word as the commands always wrote it."""

from __future__ import annotations

import pytest

from schotten_lab.cli import main
from schotten_lab.play.distributed import ClusterError, DaskSays, Runner, Seconds
from schotten_lab.play.selfplay import Matchup, SelfPlayError, choose_engine

from ..core.test_french import french_problems

RANDOMS = Matchup("random", "random", "base", False, {})


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("match", "engine", "english"),
    [
        (Matchup("advisor", "random", "base", False, {}), "fast", "the fast engine plays only random against random in the base game"),
        (RANDOMS, "turbo", "unknown engine 'turbo': expected one of auto, python, fast"),
    ],
)
def test_an_engine_refused_is_said_in_both_languages(match: Matchup, engine: str, english: str) -> None:
    with pytest.raises(SelfPlayError) as caught:
        choose_engine(match, engine)  # type: ignore[arg-type]
    assert str(caught.value) == caught.value.in_words("en") == english
    french = caught.value.in_words("fr")
    assert french != english and not french_problems(french), (french, french_problems(french))


@pytest.mark.parametrize(
    ("options", "english"),
    [
        ({"jobs": 0}, "jobs: must be a whole number, at least 1, not 0"),
        ({"jobs": True}, "jobs: must be a whole number, at least 1, not True"),
        ({"dask": " "}, "dask: expected a scheduler address (tcp://host:port) or 'local', not ' '"),
        ({"dask": "tcp://127.0.0.1:8786", "jobs": 2}, "jobs: with a Dask scheduler address the cluster's workers run the tasks; drop --jobs"),
        ({"connect_timeout": 0}, "connect_timeout: must be positive seconds, not 0"),
        ({"connect_timeout": -0.5}, "connect_timeout: must be positive seconds, not -0.5"),
    ],
)
def test_a_runner_refused_is_said_in_both_languages(options: dict[str, object], english: str) -> None:
    with pytest.raises(ClusterError) as caught:
        Runner(**options)  # type: ignore[arg-type]
    assert str(caught.value) == english
    french = caught.value.in_words("fr")
    assert french != english and not french_problems(french), (french, french_problems(french))


def test_a_cluster_that_does_not_answer_quotes_dask_in_french() -> None:
    error = ClusterError.of("runner.unreachable", address="tcp://10.9.9.9:8786", seconds=Seconds(2.5), error=DaskSays("Timed out"))
    assert str(error) == "--dask tcp://10.9.9.9:8786: cannot reach the scheduler within 2.5 s: Timed out"
    assert error.in_words("fr") == "--dask tcp://10.9.9.9:8786\u00a0: l’ordonnanceur ne répond pas en 2,5 s\u00a0: Dask répond «\u00a0Timed out\u00a0»"


def test_selfplay_refuses_in_french(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCHOTTEN_LANG", raising=False)
    code, out, err = _run(capsys, "selfplay", "--south", "greedy", "--engine", "fast", "--games", "1")
    assert code == 2 and out == ""
    assert err.strip() == "schotten-lab: error: --engine fast: the fast engine plays only random against random in the base game"
    code, out, err = _run(capsys, "selfplay", "--south", "greedy", "--engine", "fast", "--games", "1", "--lang", "fr")
    assert code == 2 and out == ""
    assert err.strip() == ("schotten-lab\u00a0: erreur\u00a0: --engine fast\u00a0: le moteur rapide ne joue que des parties de random "
                           "contre random, au jeu de base")
    monkeypatch.setenv("SCHOTTEN_LANG", "fr")
    code, out, err = _run(capsys, "selfplay", "--dask", "tcp://127.0.0.1:8786", "--jobs", "2", "--games", "1")
    assert code == 2 and out == ""
    assert err.strip().startswith("schotten-lab\u00a0: erreur\u00a0: --jobs\u00a0: avec l’adresse d’un ordonnanceur Dask")
    assert not french_problems(err.strip())


@pytest.mark.parametrize("seats", [("south",), ("south", "north")])
def test_the_time_budget_note_in_french(seats: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--games", "1", "--seed", "3", "--quiet", "--lang", "fr"]
    for seat in ("south", "north"):
        args += [f"--{seat}", "advisor" if seat in seats else "random"]
        if seat in seats:
            args += [f"--{seat}-option", "budget=0.01"]
    code, out, err = _run(capsys, *args)
    assert code == 0, err
    notes = [line for line in err.splitlines() if "remarque" in line]
    assert len(notes) == 1
    if len(seats) == 1:
        assert notes[0].startswith("selfplay\u00a0: remarque\u00a0: Sud (advisor) cherche ses coups en temps limité")
        assert notes[0].endswith("utilisez --south-option iterations=N")
    else:
        assert notes[0].startswith("selfplay\u00a0: remarque\u00a0: Sud (advisor) et Nord (advisor) cherchent leurs coups")
        assert notes[0].endswith("utilisez --south-option iterations=N et --north-option iterations=N")
    assert not french_problems(notes[0]), french_problems(notes[0])
    assert out.count("\n") == 1


def test_a_batch_without_dask_is_refused_in_french(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    from pathlib import Path

    monkeypatch.setitem(sys.modules, "distributed", None)  # what an environment without dask looks like
    positions = sorted((Path(__file__).resolve().parents[2] / "data" / "positions").glob("*.json"))[:2]
    for command in (["analyze", *map(str, positions)], ["selfplay", "--games", "2"]):
        code, out, err = _run(capsys, *command, "--dask", "local", "--lang", "fr")
        assert code == 2 and out == "", err
        assert err.strip() == ("schotten-lab\u00a0: erreur\u00a0: --dask demande dask[distributed], qui n’est pas installé\u00a0: installez "
                               "schotten-lab avec son extra «\u00a0studies\u00a0» (schotten-lab[studies])"), err
        code, out, err = _run(capsys, *command, "--dask", "local", "--lang", "en")
        assert err.strip() == "schotten-lab: error: --dask needs dask[distributed], which is not installed: pip install 'schotten-lab[studies]'"
