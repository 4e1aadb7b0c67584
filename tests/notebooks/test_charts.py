"""Every kind of chart the notebooks draw is well-formed SVG (JupyterLab shows an SVG output
as an <img>, which refuses anything that is not valid XML: issue 24 found every chart in
notebooks 01-05 shown as a broken-image icon, for a ``font-size`` written twice)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pytest

from goatwidgets import charts

SVG = "{http://www.w3.org/2000/svg}svg"

CHARTS = {
    "bars": lambda: charts.bars(["Ana", "Bo <&>"], [3, 5], title="wins", value_label="games"),
    "bars-horizontal": lambda: charts.bars(["a", "b"], [0.2, 0.9], horizontal=True,
                                           title="share"),
    "histogram": lambda: charts.histogram([1, 2, 2, 3, 7], bins=4, title="turns",
                                          value_label="turns"),
    "boxplot": lambda: charts.boxplot({"greedy": [1, 2, 3, 9], "random": [2, 2, 5]},
                                      title="length", value_label="turns"),
    "network": lambda: charts.network(nx.path_graph(3), {0: (0, 0), 1: (1, 0), 2: (1, 1)},
                                      title="raft"),
    "row": lambda: charts.row(charts.bars(["x"], [1], title="t"), charts.histogram([1, 2])),
}


@pytest.mark.parametrize("kind", CHARTS)
def test_every_kind_of_chart_is_well_formed_svg(kind):
    chart = CHARTS[kind]()
    root = ET.fromstring(chart._repr_svg_())
    assert root.tag == SVG
    for element in root.iter():
        assert len(element.attrib) == len(set(element.attrib))   # no attribute twice
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text]
    assert texts, "a chart says what it shows"


def test_a_chart_of_one_bar_draws_a_bar_not_a_wall():
    """The review's strip after a short game has one or two bars: each stays bar-thick."""
    import re
    from goatwidgets import charts
    svg = charts.bars(["1"], [40], ylim=(0, 100), width=340, height=120).svg
    (width,) = [float(w) for w in re.findall(r'<rect x="[\d.]+" y="[\d.]+" width="([\d.]+)"', svg)]
    assert 0 < width <= charts.MAX_BAR
