"""An entity × rite heatmap as an inline SVG (text stays text, so CJK labels need no font)."""

from __future__ import annotations

from html import escape

CELL_W, CELL_H, LABEL_W, HEADER_H = 84, 22, 140, 46


def colour(value: int, peak: int) -> str:
    """White for 0, deepening to a dark red at the peak (linear in value)."""
    if peak <= 0 or value <= 0:
        return "#ffffff"
    t = value / peak
    r, g, b = (int(255 + (end - 255) * t) for end in (165, 15, 21))
    return f"#{r:02x}{g:02x}{b:02x}"


def heatmap_svg(rows: list[tuple[str, str, list[int]]], columns: list[str],
                title: str = "acts per entity and rite") -> str:
    """``rows``: (label, tooltip, one value per column). Returns an ``<svg>`` element."""
    peak = max((v for _, _, values in rows for v in values), default=0)
    width = LABEL_W + CELL_W * len(columns) + 10
    height = HEADER_H + CELL_H * len(rows) + 10
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="heatmap" role="img" '
           f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
           f'font-size="13" font-family="sans-serif"><title>{escape(title)}</title>']
    for j, name in enumerate(columns):
        x = LABEL_W + CELL_W * j + CELL_W / 2
        out.append(f'<text x="{x:.0f}" y="{HEADER_H - 10}" text-anchor="middle">'
                   f'{escape(name)}</text>')
    for i, (label, tip, values) in enumerate(rows):
        y = HEADER_H + CELL_H * i
        out.append(f'<text x="{LABEL_W - 8}" y="{y + CELL_H - 6}" text-anchor="end">'
                   f'{escape(label)}</text>')
        for j, value in enumerate(values):
            x = LABEL_W + CELL_W * j
            fill = colour(value, peak)
            ink = "#ffffff" if peak and value / peak > 0.55 else "#222222"
            out.append(f'<rect x="{x}" y="{y}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                       f'fill="{fill}" stroke="#dddddd" data-value="{value}">'
                       f'<title>{escape(tip)} · {escape(columns[j])}: {value}</title></rect>')
            out.append(f'<text x="{x + (CELL_W - 2) / 2:.0f}" y="{y + CELL_H - 6}" '
                       f'text-anchor="middle" fill="{ink}">{value}</text>')
    out.append("</svg>")
    return "".join(out)
