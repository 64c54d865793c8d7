"""Ritual acts: extraction from the classic text (and its translation), RDF, evaluation."""

from .extract import act_regions, extract_acts
from .model import DIRECTIONS, Act

__all__ = ["DIRECTIONS", "Act", "act_regions", "extract_acts"]
