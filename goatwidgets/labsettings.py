"""Make saved notebooks keep the widgets' last position: ``python -m goatwidgets.labsettings``.

JupyterLab and Notebook 7 only store widget state in a saved notebook when the setting
"Save Widget State Automatically" is on. With it, a notebook opened later without a kernel
(or on a site that renders saved widget state) still draws the board as it was last seen.
This writes that setting into the environment's ``overrides.json`` (keeping any other
entries); ``.ci/tutorials`` and ``binder/postBuild`` run it.

    >>> import tempfile, pathlib, json
    >>> prefix = pathlib.Path(tempfile.mkdtemp())
    >>> path = enable_saved_widget_state(prefix)
    >>> json.loads(path.read_text())[PLUGIN]
    {'saveState': True}
"""

from __future__ import annotations

import json
import pathlib
import sys

PLUGIN = "@jupyter-widgets/jupyterlab-manager:plugin"


def enable_saved_widget_state(prefix: str | pathlib.Path = sys.prefix) -> pathlib.Path:
    """Turn on saveState in ``<prefix>/share/jupyter/lab/settings/overrides.json``."""
    path = pathlib.Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    overrides = json.loads(path.read_text()) if path.exists() else {}
    overrides.setdefault(PLUGIN, {})["saveState"] = True
    path.write_text(json.dumps(overrides, indent=2))
    return path


if __name__ == "__main__":
    print(f"saved widget state enabled in {enable_saved_widget_state()}")
