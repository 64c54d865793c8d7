"""ritegraph tests."""
