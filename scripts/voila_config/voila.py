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

# The page shows a cell's output only if it arrives within the executor's IOPub wait after the cell's
# reply; nbclient's default, 4 s, is exceeded on a loaded machine (a class starting at once, a test
# run): the app's widget is then silently dropped and the page stays blank ("Timeout waiting for
# IOPub output" in the log). The wait ends as soon as the kernel says it is idle, so a long bound
# costs nothing on a quiet machine.
c.VoilaExecutor.iopub_timeout = int(os.environ.get("VOILA_IOPUB_TIMEOUT", "120"))

MAX_KERNELS = int(os.environ.get("VOILA_MAX_KERNELS", "40"))


from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402
from tornado.web import HTTPError  # noqa: E402


class CappedKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Refuses (503) to start one more kernel when ``MAX_KERNELS`` already run; Voilà builds its
    kernel manager (with the template's pre-heated pool) on top of this class."""

    async def start_kernel(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN201
        if len(self.list_kernel_ids()) >= MAX_KERNELS:
            raise HTTPError(503, f"the app is full ({MAX_KERNELS} open sessions); try again later")
        return await super().start_kernel(*args, **kwargs)


c.VoilaConfiguration.multi_kernel_manager_class = CappedKernelManager

if os.environ.get("VOILA_PREHEAT") == "1":
    # A kernel kept ready, the app's notebook run up to the page request: the page is usable in the
    # time of one edit instead of a kernel start. The cap above holds (it is in the kernel manager).
    c.VoilaConfiguration.preheat_kernel = True
    c.VoilaConfiguration.default_pool_size = int(os.environ.get("VOILA_POOL_SIZE", "1"))
