"""Smoke test of the browser harness and the browser -> Python message path.

In JupyterLab and in Notebook 7: open a notebook that defines a tiny anywidget, Run All,
click its button (the JS does ``model.send({type: "act"})``), and expect the count that
Python's ``on_msg`` handler incremented to be re-rendered. Prints how long each part takes.
Also: a notebook that opens before the page has the kernel list (a "Select Kernel" dialog,
forced here) still gets its kernel.
"""

from __future__ import annotations

import time

import nbformat
from playwright.sync_api import expect

from tests.e2e.helpers import (
    IDLE,
    KERNEL_TIMEOUT,
    kernel_ready,
    open_notebook,
    run_all,
    select_kernel_dialog,
    wait_notebook_ready,
)

WIDGET_CELL = '''
import anywidget
import traitlets


class Clicker(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "harness-clicker";
      button.setAttribute("aria-label", "harness act");
      const draw = () => { button.textContent = `count is ${model.get("count")}`; };
      button.addEventListener("click", () => model.send({ type: "act" }));
      model.on("change:count", draw);
      draw();
      el.appendChild(button);
      return () => model.off("change:count", draw);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # NOT a method named _handle_msg: that is ipywidgets' own comm handler.
        self.on_msg(self._on_front_end_msg)

    def _on_front_end_msg(self, widget, content, buffers):
        if isinstance(content, dict) and content.get("type") == "act":
            self.count += 1


clicker = Clicker()
clicker
'''


def _notebook():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# harness smoke test"),
        nbformat.v4.new_code_cell(WIDGET_CELL.strip()),
        nbformat.v4.new_code_cell("print('python side sees', clicker.count)"),
    ]
    return nb


def test_click_reaches_python_and_rerenders(page, jupyter):
    timings = {"server start (once per session)": jupyter.startup_seconds}
    name = jupyter.write_notebook(_notebook(), f"harness-{jupyter.kind}.ipynb")

    t = time.perf_counter()
    open_notebook(page, jupyter, name)
    timings["open notebook + kernel idle"] = time.perf_counter() - t

    t = time.perf_counter()
    run_all(page)
    button = page.get_by_role("button", name="harness act")
    expect(button).to_have_text("count is 0")
    timings["run all + widget rendered"] = time.perf_counter() - t

    t = time.perf_counter()
    button.click()
    expect(button).to_have_text("count is 1")
    timings["click -> re-rendered (1st)"] = time.perf_counter() - t

    t = time.perf_counter()
    button.click()
    expect(button).to_have_text("count is 2")
    timings["click -> re-rendered (2nd)"] = time.perf_counter() - t

    print(f"\n[e2e harness, {jupyter.kind}]")
    for part, seconds in timings.items():
        print(f"  {part:<34} {seconds * 1000:8.0f} ms")



def test_select_kernel_dialog_is_answered(page, jupyter):
    """A notebook that names no kernel makes JupyterLab ask "Select Kernel", as it does for a
    cell run before the kernel is there (the flaky case on a slow machine): the harness
    answers it, and the notebook runs as usual."""
    nb = _notebook()
    nb.metadata.pop("kernelspec")
    name = jupyter.write_notebook(nb, f"harness-select-kernel-{jupyter.kind}.ipynb")
    page.goto(jupyter.url_for(name))
    expect(select_kernel_dialog(page)).to_be_visible(timeout=KERNEL_TIMEOUT)
    wait_notebook_ready(page, name)
    run_all(page)
    button = page.get_by_role("button", name="harness act")
    button.click()
    expect(button).to_have_text("count is 1")


def test_an_idle_indicator_without_a_kernel_is_not_ready(page, jupyter):
    """Before its kernel exists, a notebook may already show the "idle" indicator (beside "No
    Kernel"); a harness that took that for a ready kernel pressed Run All too early, and
    JupyterLab asked "Select Kernel". Here the kernel's start is held back: not ready, whatever
    the indicator says; once it may start, ready."""
    held = []

    def hold(route):  # the page's request to start the notebook's kernel, held back
        if route.request.method == "POST":
            held.append(route)
        else:
            route.fallback()

    page.route("**/api/sessions*", hold)
    name = jupyter.write_notebook(_notebook(), f"harness-no-kernel-yet-{jupyter.kind}.ipynb")
    page.goto(jupyter.url_for(name))
    expect(page.locator(".jp-Toolbar-kernelName").first).to_be_visible(timeout=KERNEL_TIMEOUT)
    stale = page.locator(IDLE).count() > 0
    assert not kernel_ready(page, name)
    page.unroute("**/api/sessions*", hold)
    for route in held:
        route.fallback()
    wait_notebook_ready(page, name)
    assert kernel_ready(page, name)
    run_all(page)
    expect(page.get_by_role("button", name="harness act")).to_have_text("count is 0")
    print(f"\n[e2e harness, {jupyter.kind}] 'idle' shown before the kernel existed: {stale}")
