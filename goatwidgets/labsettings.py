"""JupyterLab settings for a class: ``python -m goatwidgets.labsettings``.

- Saved notebooks keep the widgets' last position: JupyterLab and Notebook 7 only store widget
  state in a saved notebook when "Save Widget State Automatically" is on. With it, a notebook
  opened later without a kernel (or on a site that renders saved widget state) still draws the
  board as it was last seen.
- No news toast on first start: JupyterLab asks whether to fetch Jupyter's news feed in a toast
  that covers a corner of the notebook (and there is no internet in many classrooms); the
  answer "never" is set here, and so no check for updates.

This writes both into the environment's ``overrides.json`` (keeping any other entries);
``.ci/tutorials`` and ``binder/postBuild`` run it.

    >>> import tempfile, pathlib, json
    >>> prefix = pathlib.Path(tempfile.mkdtemp())
    >>> path = enable_saved_widget_state(prefix)
    >>> settings = json.loads(path.read_text())
    >>> settings[PLUGIN], settings[NEWS]
    ({'saveState': True}, {'fetchNews': 'false', 'checkForUpdates': False})
"""

from __future__ import annotations

import json
import pathlib
import sys

PLUGIN = "@jupyter-widgets/jupyterlab-manager:plugin"
NEWS = "@jupyterlab/apputils-extension:notification"


def enable_saved_widget_state(prefix: str | pathlib.Path = sys.prefix) -> pathlib.Path:
    """Turn on saveState and turn off the news toast in
    ``<prefix>/share/jupyter/lab/settings/overrides.json``."""
    path = pathlib.Path(prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    overrides = json.loads(path.read_text()) if path.exists() else {}
    overrides.setdefault(PLUGIN, {})["saveState"] = True
    overrides.setdefault(NEWS, {}).update(fetchNews="false", checkForUpdates=False)
    path.write_text(json.dumps(overrides, indent=2))
    return path


if __name__ == "__main__":
    print(f"saved widget state enabled in {enable_saved_widget_state()}")
