"""The games, one module a family; :mod:`engine.games.catalog` gathers them."""
