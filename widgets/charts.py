"""Charts for the labs, drawn by matplotlib, readable by everyone.

- Colour-blind safe: the Okabe–Ito palette, and a hatch (bars) or marker and dash (lines) per
  series, so colour is never the only signal; values are written on the bars.
- Deterministic SVG (fixed hash salt, no date) that nbval can compare, plus a PNG for notebooks
  opened untrusted, plus the numbers as a text table (``text/plain``) for screen readers.
- A white figure of its own, so it reads in JupyterLab's light and dark themes alike.
"""
from __future__ import annotations

import base64
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

# Okabe & Ito's palette: distinguishable under the common colour-vision deficiencies.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000", "#F0E442")
HATCHES = ("", "//", "..", "xx", "\\\\", "oo", "--", "++")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
DASHES = ("-", "--", "-.", ":", "-", "--", "-.", ":")
STYLE = {"svg.hashsalt": "bonekit", "svg.fonttype": "path", "font.family": "DejaVu Sans",
         "font.size": 10, "axes.spines.top": False, "axes.spines.right": False}

Number = float | int
Format = str | Callable[[float], str]


@dataclass(frozen=True)
class Chart:
    """A finished chart: SVG, PNG and a text table, shown by Jupyter as one picture."""

    title: str
    svg: str
    png: bytes
    table: str

    def _repr_mimebundle_(self, include=None, exclude=None):
        data = {"image/svg+xml": self.svg, "image/png": base64.b64encode(self.png).decode("ascii"),
                "text/plain": f"{self.title}\n{self.table}"}
        return data

    def __repr__(self) -> str:
        return f"{self.title}\n{self.table}"


def bar_chart(rows: Mapping[str, Number | Mapping[str, Number]], *, title: str, xlabel: str = "",
              ylabel: str = "", fmt: Format = "{:g}", ylim: tuple[float, float] | None = None,
              width: float = 7.0, height: float = 3.2) -> Chart:
    """Bars per row; a row maps to a number (one series) or to {series: number} (grouped bars)."""
    groups = list(rows)
    grouped = any(isinstance(v, Mapping) for v in rows.values())
    series = _series_names(rows) if grouped else [""]
    values = {s: [_value(rows[g], s, grouped) for g in groups] for s in series}
    fig, ax = _figure(width, height)
    n = len(series)
    step = 0.8 / n
    for i, s in enumerate(series):
        xs = [g + (i - (n - 1) / 2) * step for g in range(len(groups))]
        ys = [v if v is not None else 0 for v in values[s]]
        bars = ax.bar(xs, ys, width=step * 0.92, color=PALETTE[i % len(PALETTE)],
                      hatch=HATCHES[i % len(HATCHES)], edgecolor="#222222", linewidth=0.6,
                      label=s or None)
        ax.bar_label(bars, labels=[_fmt(fmt, v) if v is not None else "" for v in values[s]],
                     fontsize=8, padding=2)
    ax.set_xticks(range(len(groups)), groups)
    _finish(fig, ax, title, xlabel, ylabel, ylim, legend=grouped, fmt=fmt)
    table = _table(["", *series] if grouped else ["", ylabel or "value"],
                   [[g, *(_fmt(fmt, values[s][j]) for s in series)] for j, g in enumerate(groups)])
    return _render(fig, title, table)


def line_chart(series: Mapping[str, Sequence[tuple[Number, Number]]], *, title: str, xlabel: str = "",
               ylabel: str = "", fmt: Format = "{:g}", ylim: tuple[float, float] | None = None,
               width: float = 7.0, height: float = 3.2) -> Chart:
    """One line per series, each a list of (x, y) points, with its own marker and dash."""
    fig, ax = _figure(width, height)
    xs_all: list[Number] = []
    for i, (name, points) in enumerate(series.items()):
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        xs_all += [x for x in xs if x not in xs_all]
        ax.plot(xs, ys, color=PALETTE[i % len(PALETTE)], marker=MARKERS[i % len(MARKERS)],
                linestyle=DASHES[i % len(DASHES)], linewidth=1.8, markersize=6, label=name)
    xs_all.sort()
    if len(xs_all) <= 15:
        ax.set_xticks(xs_all, [f"{x:g}" for x in xs_all])
    _finish(fig, ax, title, xlabel, ylabel, ylim, legend=len(series) > 1, fmt=fmt)
    lookup = {name: dict(points) for name, points in series.items()}
    table = _table([xlabel or "x", *series],
                   [[f"{x:g}", *(_fmt(fmt, lookup[s].get(x)) for s in series)] for x in xs_all])
    return _render(fig, title, table)


# ---- drawing -----------------------------------------------------------------------------------
def _figure(width: float, height: float):
    with matplotlib.rc_context(STYLE):
        fig = Figure(figsize=(width, height), dpi=100, facecolor="white")
        ax = fig.add_subplot()
    return fig, ax


def _finish(fig: Figure, ax, title: str, xlabel: str, ylabel: str, ylim, legend: bool, fmt: Format) -> None:
    ax.set_title(title, fontsize=11, loc="left")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: _fmt(fmt, v)))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if ylim:
        ax.set_ylim(*ylim)
    ax.grid(axis="y", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if legend:
        ax.legend(frameon=False, fontsize=9, loc="best")
    fig.tight_layout()


def _render(fig: Figure, title: str, table: str) -> Chart:
    with matplotlib.rc_context(STYLE):
        svg, png = io.StringIO(), io.BytesIO()
        fig.savefig(svg, format="svg", metadata={"Date": None, "Creator": None})
        fig.savefig(png, format="png", metadata={"Software": None})
    return Chart(title, svg.getvalue(), png.getvalue(), table)


# ---- numbers and tables ------------------------------------------------------------------------
def _series_names(rows: Mapping[str, object]) -> list[str]:
    names: list[str] = []
    for v in rows.values():
        for s in (v if isinstance(v, Mapping) else {}):
            if s not in names:
                names.append(s)
    return names


def _value(row, s: str, grouped: bool):
    return (row.get(s) if isinstance(row, Mapping) else None) if grouped else row


def _fmt(fmt: Format, v) -> str:
    if v is None:
        return "–"
    return fmt(v) if callable(fmt) else fmt.format(v)


def _table(header: list[str], rows: list[list[str]]) -> str:
    cols = [header, *rows]
    widths = [max(len(str(r[i])) for r in cols) for i in range(len(header))]
    lines = ["  ".join(str(c).ljust(widths[i]) if i == 0 else str(c).rjust(widths[i])
                       for i, c in enumerate(r)).rstrip() for r in cols]
    return "\n".join(lines)
