"""Messages to a widget as a browser sends them: through ipywidgets' real ``_handle_msg``,
the entry point a front end's ``model.send(content)`` reaches.

    >>> from goatwidgets import FloatsMcGoats
    >>> w = FloatsMcGoats(players=2, seed=1)
    >>> act(w, "mama 0,0u"); w.error, w.state.history[-1]["action"]
    ('', 'mama 0,0u')
"""


def send(widget, content):
    """Deliver ``content`` exactly as a front-end ``model.send(content)`` arrives."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})


def update(widget, state):
    """Deliver a trait update ``{name: value}`` as a front end's ``model.save_changes()`` does."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})


def act(widget, action, version=None):
    """Ask for ``action`` at the widget's current version (or at ``version``)."""
    send(widget, {"type": "act", "action": action,
                  "version": widget.version if version is None else version})
