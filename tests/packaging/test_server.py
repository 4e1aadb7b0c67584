"""goatwidgets.server, the opt-in Jupyter server extension, on a stand-in server app.

The browser tests run real servers with it (tests/e2e; test_latency.py checks the favicons'
Cache-Control there); here, what loading it changes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from types import SimpleNamespace

import pytest

from goatwidgets import server

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("jupyter_server")


def _serverapp(base_url="/", **settings):
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    settings.setdefault("kernel_websocket_connection_class", ZMQChannelsWebsocketConnection)
    saved = {"metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"},
                          "language_info": {"name": "python"}}}
    contents = SimpleNamespace(get=lambda path, **kw: {"type": "notebook", "content": saved})
    return SimpleNamespace(base_url=base_url, web_app=SimpleNamespace(settings=settings),
                           log=logging.getLogger("test"), kernel_websocket_connection_class=None,
                           contents_manager=contents)


def test_loading_it_sets_the_nodelay_connection_class():
    app = _serverapp()
    server._load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is server.connection_class()


def test_another_connection_class_is_left_alone():
    class Gateway:
        pass

    app = _serverapp(kernel_websocket_connection_class=Gateway)
    server._load_jupyter_server_extension(app)
    assert app.web_app.settings["kernel_websocket_connection_class"] is Gateway


def test_the_favicons_are_cached_under_the_base_url_beside_jupyterlab_entries():
    app = _serverapp(base_url="/user/ada/", static_immutable_cache=["/user/ada/static/lab"])
    server._load_jupyter_server_extension(app)
    server._load_jupyter_server_extension(app)  # loaded twice: one entry
    assert app.web_app.settings["static_immutable_cache"] == [
        "/user/ada/static/lab", "/user/ada/static/favicons/"]


def test_the_favicons_are_cached_with_a_gateway_too():
    """Caching favicons does not depend on the kernel websocket left alone."""
    app = _serverapp(kernel_websocket_connection_class=object)
    server._load_jupyter_server_extension(app)
    assert app.web_app.settings["static_immutable_cache"] == ["/static/favicons/"]



def test_a_tutorial_is_served_with_the_metadata_its_kernel_will_report():
    """Issue 24 item 11: every tutorial opened already marked as changed, because the kernel
    rewrote its display name and language_info on start. Served through the extension's
    contents manager, a tutorial carries them already; other notebooks are left as saved."""
    import json

    from goatwidgets.server import fill_kernel_metadata, kernel_metadata

    kernel = kernel_metadata()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        nb = json.loads(path.read_text())
        assert nb["metadata"]["language_info"] == {"name": "python"}, path.name
        assert fill_kernel_metadata(nb, kernel)
        assert nb["metadata"]["language_info"]["version"] == kernel["language_info"]["version"]
    other = {"metadata": {"kernelspec": {"name": "python3"}, "language_info": {"name": "R"}}}
    assert not fill_kernel_metadata(other, kernel)
    app = _serverapp()
    server._load_jupyter_server_extension(app)
    server._load_jupyter_server_extension(app)               # loaded twice: one wrapper
    served = app.contents_manager.get("01-floats-mcgoats.ipynb")["content"]["metadata"]
    assert served["language_info"] == kernel["language_info"]


def test_the_kernel_metadata_is_what_ipykernel_reports():
    """kernel_metadata() writes ipykernel's language_info out (the server does not import
    ipykernel); a kernel in this environment reports the same."""
    import json
    import subprocess
    import sys

    reported = subprocess.run(
        [sys.executable, "-c", "import json; from ipykernel.ipkernel import IPythonKernel as K; "
                               "print(json.dumps(K.language_info))"],
        capture_output=True, text=True, check=True).stdout
    assert server.kernel_metadata()["language_info"] == json.loads(reported)
