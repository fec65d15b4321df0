"""``python -m schotten_lab`` and the ``schotten-lab`` script: the command line of :mod:`.cli`.

The command line is imported inside the ``try`` so that Ctrl-C while numpy and the rest load exits
with 130 and no traceback, like Ctrl-C during a command (the package ``__init__`` loads lazily).
A Ctrl-C inside a compiled extension's import (numpy's) does not always surface as
``KeyboardInterrupt``: the extension may turn it into its own ``ImportError``. So the Ctrl-C is
also remembered where it arrives, and whatever the broken import raised then exits 130 as well.
"""

import signal
import sys
import threading

_interrupted = False


def _remember_ctrl_c(signum: int, frame: object) -> None:
    """Python's own Ctrl-C (raise KeyboardInterrupt), remembered first."""
    global _interrupted
    _interrupted = True
    raise KeyboardInterrupt


def main() -> int:
    """Import and run the command line; 130 on Ctrl-C at any point."""
    global _interrupted
    _interrupted = False
    watching = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, _remember_ctrl_c) if watching else None
    try:
        from .cli import main as cli_main
    except KeyboardInterrupt:
        return 130
    except BaseException:
        if _interrupted:  # an import that the Ctrl-C broke, whatever it raised
            return 130
        raise
    finally:
        if watching:
            signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)
    try:
        return cli_main()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
