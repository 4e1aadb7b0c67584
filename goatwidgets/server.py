"""Clicks that answer at once: TCP_NODELAY on the kernel websocket, and favicons the browser
keeps; and tutorials that open unchanged (a Jupyter server extension).

On localhost a widget click took ~50 ms to come back rendered, although the kernel answers in
a few milliseconds. The cause is the websocket between Jupyter Server and the browser: tornado
leaves Nagle's algorithm on after the websocket upgrade and Jupyter Server's kernel websocket
never turns it off. The kernel always sends its small ``busy`` status first, so the widget's
reply waits in the server until the browser's delayed ACK for ``busy`` comes (~40 ms).

Every click also made the browser fetch two favicons. JupyterLab and Notebook 7 show a busy
kernel in the tab's icon: the kernel turns busy for each widget message, so the page swaps
``static/favicons/…`` to the busy icon and back. Jupyter Server serves those files with
``Cache-Control: no-cache``, so each swap is a request the server answers (304). Measured in
Notebook 7 with clicks 50 ms apart: the server's CPU per click went from 8.5 to 4.2 ms with the
favicons cached, CPU the kernel and the browser then have on a 2-core machine.

This module is an opt-in server extension. Turned on, it replaces Jupyter Server's default
kernel websocket connection (``ZMQChannelsWebsocketConnection``) by a subclass that sets
TCP_NODELAY on the socket when the browser connects. Any other configured connection class
(a kernel gateway's, or your own) is left alone. It also adds ``<base_url>static/favicons/`` to
Jupyter Server's ``static_immutable_cache`` (files the browser may keep without asking again,
as JupyterLab does for its own hashed files). Turn it on for this environment with

    python -m goatwidgets.server --install      # writes etc/jupyter/jupyter_server_config.d/
    python -m goatwidgets.server --uninstall    #   goatwidgets-nodelay.json in sys.prefix

or for one server, ``jupyter lab --ServerApp.jpserver_extensions="{'goatwidgets.server': True}"``.
``.ci/tutorials`` and ``binder/postBuild`` install it. Nothing here runs at ``import goatwidgets``
(this module is imported only by a server loading the extension, or to install it).

    >>> import tempfile, pathlib, json
    >>> prefix = pathlib.Path(tempfile.mkdtemp())
    >>> path = install(prefix)
    >>> path.relative_to(prefix).as_posix()
    'etc/jupyter/jupyter_server_config.d/goatwidgets-nodelay.json'
    >>> json.loads(path.read_text())
    {'ServerApp': {'jpserver_extensions': {'goatwidgets.server': True}}}
    >>> uninstall(prefix), path.exists()
    (True, False)
"""

from __future__ import annotations

import argparse
import inspect
import json
import pathlib
import sys

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.utils import url_path_join

EXTENSION = "goatwidgets.server"
CONFIG_NAME = "goatwidgets-nodelay.json"
CLASS_NAME = "NoDelayKernelWebsocketConnection"

_classes: dict[str, type] = {}


def connection_class() -> type:
    """The kernel websocket connection that sets TCP_NODELAY (built on first use)."""
    if CLASS_NAME not in _classes:
        class NoDelayKernelWebsocketConnection(ZMQChannelsWebsocketConnection):
            """Jupyter Server's kernel websocket connection, with Nagle's algorithm off."""

            def connect(self):
                try:
                    # Before the first message goes out: the kernel's ``busy`` status.
                    self.websocket_handler.set_nodelay(True)
                except Exception as exc:  # a closed stream: connect() reports that itself
                    self.log.debug("goatwidgets: could not set TCP_NODELAY: %s", exc)
                return super().connect()

        NoDelayKernelWebsocketConnection.__module__ = __name__
        NoDelayKernelWebsocketConnection.__qualname__ = CLASS_NAME
        _classes[CLASS_NAME] = NoDelayKernelWebsocketConnection
    return _classes[CLASS_NAME]


def __getattr__(name):
    # ``goatwidgets.server.NoDelayKernelWebsocketConnection`` as a dotted name, for config:
    # ServerApp.kernel_websocket_connection_class = "goatwidgets.server.NoDelay..."
    if name == CLASS_NAME:
        return connection_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ------------------------------------------------------------------ the server extension


def _jupyter_server_extension_points():
    return [{"module": EXTENSION}]


def _load_jupyter_server_extension(serverapp) -> None:
    """Cache the favicons; replace the default kernel websocket connection class, and leave
    any other alone.

    Runs after the web application is built (so a kernel gateway, which picks its own
    connection class, is known by then); the websocket handler reads the class from the
    web application's settings on every connection.
    """
    settings = serverapp.web_app.settings
    _cache_favicons(serverapp)
    _open_notebooks_unchanged(serverapp)
    current = settings.get("kernel_websocket_connection_class")
    if current is connection_class():
        serverapp.log.info("goatwidgets: kernel websockets send with TCP_NODELAY (configured)")
        return
    if current is not ZMQChannelsWebsocketConnection:
        serverapp.log.info(
            "goatwidgets: kernel websocket connection class %s is not the default: left alone "
            "(no TCP_NODELAY from goatwidgets)", getattr(current, "__qualname__", current))
        return
    cls = connection_class()
    settings["kernel_websocket_connection_class"] = cls
    serverapp.kernel_websocket_connection_class = cls
    serverapp.log.info("goatwidgets: kernel websockets send with TCP_NODELAY (%s)", CLASS_NAME)


def _cache_favicons(serverapp) -> None:
    """Let the browser keep Jupyter Server's favicons instead of asking for them twice a click.

    Jupyter Server's static files are served with ``Cache-Control: immutable`` when their URL
    starts with a path of the ``static_immutable_cache`` setting (read on every request);
    favicons are otherwise ``no-cache``. The entries already there (JupyterLab's) are kept.
    """
    prefix = url_path_join(serverapp.base_url, "static", "favicons") + "/"
    settings = serverapp.web_app.settings
    paths = list(settings.get("static_immutable_cache") or [])
    if prefix not in paths:
        settings["static_immutable_cache"] = [*paths, prefix]
        serverapp.log.info("goatwidgets: the browser may keep the favicons (%s)", prefix)


def kernel_metadata() -> dict:
    """What this environment's Python kernel writes into a notebook's metadata when it
    starts: the kernel's display name and its ``language_info`` (its Python's version).

    ``language_info`` is ipykernel's (``IPythonKernel.language_info``) written out here: the
    server must not import ipykernel, which changes how ipywidgets sets itself up in the
    process; a test checks the two agree."""
    try:
        display = KernelSpecManager().get_kernel_spec("python3").display_name
    except Exception:  # no python3 kernel here: leave the name as the notebook has it
        display = None
    major = sys.version_info[0]
    info = {"name": "python", "version": sys.version.split()[0], "mimetype": "text/x-python",
            "codemirror_mode": {"name": "ipython", "version": major},
            "pygments_lexer": f"ipython{major}", "nbconvert_exporter": "python",
            "file_extension": ".py"}
    return {"display_name": display, "language_info": info}


def fill_kernel_metadata(notebook: dict, kernel: dict) -> bool:
    """Give a tutorial saved with only ``language_info = {"name": "python"}`` the metadata
    its kernel is about to report, so that JupyterLab does not mark it as changed the moment
    the kernel starts (and a teacher closing it is not asked "Save changes?"). Other
    notebooks are left alone. Returns whether it changed anything.

        >>> nb = {"metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
        ...                                   "language": "python"},
        ...                    "language_info": {"name": "python"}}}
        >>> kernel = {"display_name": "Python 3 (ipykernel)",
        ...           "language_info": {"name": "python", "version": "3.11.7"}}
        >>> fill_kernel_metadata(nb, kernel), nb["metadata"]["kernelspec"]["display_name"]
        (True, 'Python 3 (ipykernel)')
        >>> fill_kernel_metadata(nb, kernel)          # now it is as the kernel has it
        False
    """
    meta = notebook.get("metadata") if isinstance(notebook, dict) else None
    if not isinstance(meta, dict) or meta.get("language_info") != {"name": "python"}:
        return False
    spec = meta.get("kernelspec")
    if not isinstance(spec, dict) or spec.get("name") != "python3":
        return False
    if kernel.get("display_name"):
        spec["display_name"] = kernel["display_name"]
    meta["language_info"] = dict(kernel["language_info"])
    return True


def _open_notebooks_unchanged(serverapp) -> None:
    """Fill in the kernel's metadata of a tutorial as it is opened (see
    :func:`fill_kernel_metadata`); what is saved back is the file as JupyterLab keeps it."""
    manager = serverapp.contents_manager
    original = manager.get
    if getattr(original, "_goatwidgets", False):
        return                                      # loaded twice: wrapped once
    kernel = kernel_metadata()

    def filled(model):
        if isinstance(model, dict) and model.get("type") == "notebook" and model.get("content"):
            fill_kernel_metadata(model["content"], kernel)
        return model

    if inspect.iscoroutinefunction(original):
        async def get(*args, **kwargs):
            return filled(await original(*args, **kwargs))
    else:
        def get(*args, **kwargs):
            return filled(original(*args, **kwargs))
    get._goatwidgets = True
    manager.get = get


# ------------------------------------------------------------------ turning it on


def config_path(prefix: str | pathlib.Path = sys.prefix) -> pathlib.Path:
    """``<prefix>/etc/jupyter/jupyter_server_config.d/goatwidgets-nodelay.json``."""
    return pathlib.Path(prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / CONFIG_NAME


def install(prefix: str | pathlib.Path = sys.prefix, *, config_dir=None) -> pathlib.Path:
    """Enable the extension for every Jupyter server started from ``prefix``'s environment.

    ``config_dir`` (a Jupyter config dir, e.g. ``$JUPYTER_CONFIG_DIR``) is used instead of
    ``<prefix>/etc/jupyter`` when given.
    """
    path = (pathlib.Path(config_dir) / "jupyter_server_config.d" / CONFIG_NAME
            if config_dir is not None else config_path(prefix))
    path.parent.mkdir(parents=True, exist_ok=True)
    config = {"ServerApp": {"jpserver_extensions": {EXTENSION: True}}}
    path.write_text(json.dumps(config, indent=2) + "\n")
    return path


def uninstall(prefix: str | pathlib.Path = sys.prefix, *, config_dir=None) -> bool:
    """Remove what :func:`install` wrote; True if there was something to remove."""
    path = (pathlib.Path(config_dir) / "jupyter_server_config.d" / CONFIG_NAME
            if config_dir is not None else config_path(prefix))
    if path.exists():
        path.unlink()
        return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m goatwidgets.server",
        description="TCP_NODELAY on the kernel websocket: widget clicks answer in ~10 ms "
                    "instead of ~50 ms; and favicons the browser keeps (no request to the "
                    "server per click). Enables or disables the goatwidgets.server Jupyter "
                    "server extension for this environment.")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--install", action="store_true", help="enable it (restart Jupyter)")
    what.add_argument("--uninstall", action="store_true", help="disable it again")
    parser.add_argument("--prefix", default=sys.prefix,
                        help="environment prefix (default: this Python's, %(default)s)")
    args = parser.parse_args(argv)
    if args.install:
        print(f"kernel websocket TCP_NODELAY enabled in {install(args.prefix)} "
              "(restart Jupyter to use it)")
    elif uninstall(args.prefix):
        print(f"kernel websocket TCP_NODELAY disabled: removed {config_path(args.prefix)}")
    else:
        print(f"nothing to remove: {config_path(args.prefix)} does not exist")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
