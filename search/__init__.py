"""Search over reporting: the full-text index behind one interface for both databases
(`fulltext`) and the reporting search read surface built on it (`reporting`).

May import: `registry.models`, `config`. Called by the registry's reads, the Answer Engine and
the query bounds.
"""
