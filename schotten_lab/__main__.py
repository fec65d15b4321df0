"""``python -m schotten_lab`` and the ``schotten-lab`` script: the command line of :mod:`.cli`.

The command line is imported inside the ``try`` so that Ctrl-C while numpy and the rest load exits
with 130 and no traceback, like Ctrl-C during a command (the package ``__init__`` loads lazily). A
Ctrl-C inside a compiled extension's import (numpy's) surfaces as that import's ``ImportError``, not
as ``KeyboardInterrupt``: the interruption is remembered by the handler, so it exits 130 too.
"""

import signal
import sys

_interrupted: list[bool] = []


def _on_sigint(signum: int, frame: object) -> None:
    _interrupted.append(True)
    raise KeyboardInterrupt


def main() -> int:
    """Import and run the command line; 130 on Ctrl-C at any point."""
    previous = signal.signal(signal.SIGINT, _on_sigint)
    try:
        from .cli import main as cli_main
    except BaseException:
        if _interrupted:  # an import the Ctrl-C broke, whatever it raised
            return 130
        raise
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        return cli_main()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
