"""Demo data: a realistic group with seasons of closed nights, recorded through the services."""

from gamenight.demo.seed import DemoResult, SeedOptions, seed_demo, start_bench_night

__all__ = ["DemoResult", "SeedOptions", "seed_demo", "start_bench_night"]
