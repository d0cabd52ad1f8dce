"""DXGI formats: the declarative table, the spec's conversion numerics and vectorised codecs."""
