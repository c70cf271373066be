"""A player's own server under the hub: jupyterhub-singleuser serving the dashboards
with Voilà, and nothing else.

The hub points ``JUPYTER_CONFIG_DIR`` here (deploy/jupyterhub_config.py). The page itself
(its template, the culling of kernels, a closed page's kernel shut down) is the one
``make app`` serves: ``sherlockkit_player`` takes those pieces from book/app/serve.py
instead of copying them. The page may talk to its table's widgets and nothing more:
every other door of a Jupyter server (JupyterLab, terminals, files, new kernels, code) is
shut, because every player's server runs as the same system user.
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # sherlockkit_player, the extension beside this file

import sherlockkit_player  # noqa: E402

serve = sherlockkit_player.serve

c = get_config()  # noqa: F821 (defined by jupyter_server when it reads this file)

# --- extensions: Voilà and ours; JupyterLab, the notebook, terminals and LSP off --------
c.ServerApp.jpserver_extensions = {
    "voila.server_extension": True,
    "sherlockkit_player": True,
    "jupyterlab": False,
    "notebook": False,
    "notebook_shim": False,
    "jupyter_lsp": False,
    "jupyter_server_terminals": False,
}
c.ServerApp.terminals_enabled = False  # no shell for a player, even if the extension came back

# --- what a page may do: its table and nothing else ---------------------------------------
c.ServerApp.authorizer_class = "sherlockkit_player.PlayerAuthorizer"  # see its docstring
# a page talks to its kernel through widget messages only, as in standalone Voilà: no
# execute_request (code), no completion or inspection (they read the kernel's memory)
c.MappingKernelManager.allowed_message_types = list(sherlockkit_player.WIDGET_MESSAGES)
c.ContentsManager.allow_hidden = False
c.FileContentsManager.delete_to_trash = False

# --- the same page as `make app` (values from book/app/serve.py) ------------------------------
c.ServerApp.kernel_manager_class = f"{serve.MODULE_NAME}.SherlockkitKernelManager"
c.SherlockkitKernelManager.cull_idle_timeout = serve.CULL_CLOSED  # a closed page's kernel
c.SherlockkitKernelManager.cull_connected = False
c.SherlockkitKernelManager.cull_interval = serve.CULL_INTERVAL
c.SherlockkitKernelManager.cull_abandoned_after = serve.CULL_IDLE  # an open, unused page's
for _setting, _value in serve.VOILA_SETTINGS.items():  # the theme, the IOPub wait (see serve.py)
    _class, _trait = _setting.split(".")
    setattr(c[_class], _trait, _value)
# No pre-heated pool: a player's server serves one player, and a pool would keep one idle
# kernel per game (~57 MB each) in every player's server.
c.VoilaConfiguration.preheat_kernel = False
