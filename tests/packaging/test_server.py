"""goatwidgets.server, the opt-in Jupyter server extension, on a stand-in server app.

The browser tests run real servers with it (tests/e2e; test_latency.py checks the favicons'
Cache-Control there); here, what loading it changes.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from goatwidgets import server

pytest.importorskip("jupyter_server")


def _serverapp(base_url="/", **settings):
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    settings.setdefault("kernel_websocket_connection_class", ZMQChannelsWebsocketConnection)
    return SimpleNamespace(base_url=base_url, web_app=SimpleNamespace(settings=settings),
                           log=logging.getLogger("test"), kernel_websocket_connection_class=None)


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

