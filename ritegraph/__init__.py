"""ritegraph: a knowledge graph of the rites of the 仪礼 and its commentaries."""

__version__ = "0.1.0"
