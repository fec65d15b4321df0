"""Voilà configuration for scripts/voila.sh (a classroom server): a token, idle kernels culled, a cap.

Read by Voilà as a config file (``c`` is its config object); every number can be set from the
environment by scripts/voila.sh's caller.
"""

import os

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - provided by traitlets when loading

# A token is always required (scripts/voila.sh refuses an empty one and generates one by default).
c.Voila.token = os.environ["VOILA_TOKEN"]

# Every visit starts a kernel (~150 MB); shut down those idle for VOILA_CULL_IDLE seconds, checked
# every minute, even when a forgotten tab is still connected.
c.MappingKernelManager.cull_idle_timeout = int(os.environ.get("VOILA_CULL_IDLE", "1200"))
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = True

MAX_KERNELS = int(os.environ.get("VOILA_MAX_KERNELS", "40"))


def refuse_when_full(req, notebook, cwd):  # noqa: ANN001, ARG001 - Voilà's prelaunch_hook signature
    """Answer 503 instead of starting one more kernel when ``MAX_KERNELS`` already run."""
    from tornado.web import HTTPError

    if len(req.kernel_manager.list_kernel_ids()) >= MAX_KERNELS:
        raise HTTPError(503, f"the board editor is full ({MAX_KERNELS} open sessions); try again later")


if os.environ.get("VOILA_PREHEAT") == "1":
    # A kernel kept ready, the app's notebook run up to the page request: the page is usable in the
    # time of one edit instead of a kernel start. Voilà refuses a prelaunch hook with preheated
    # kernels, so this mode has no cap (one kernel per visit, culled when idle): for a trusted room.
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = int(os.environ.get("VOILA_POOL_SIZE", "1"))
else:
    c.VoilaConfiguration.prelaunch_hook = refuse_when_full
