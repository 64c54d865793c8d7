"""``ritegraph check``: identity consistency, usage matrix, mined rules (凡例) with exceptions,
SHACL results per rite — as a terminal table, JSON, CSV or an HTML page."""

from .config import CheckConfig, load_config
from .report import CheckReport, report_json, run_check

__all__ = ["CheckConfig", "CheckReport", "load_config", "report_json", "run_check"]
