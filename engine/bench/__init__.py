"""Benchmarks printed by ``python -m engine bench``, each beside its peers in one run."""
