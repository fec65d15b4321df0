"""``python -m schotten_lab`` and the ``schotten-lab`` script: the command line of :mod:`.cli`.

The command line is imported inside the ``try`` so that Ctrl-C while numpy and the rest load exits
with 130 and no traceback, like Ctrl-C during a command (the package ``__init__`` loads lazily).
"""

import sys


def main() -> int:
    """Import and run the command line; 130 on Ctrl-C at any point."""
    try:
        from .cli import main as cli_main

        return cli_main()
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
