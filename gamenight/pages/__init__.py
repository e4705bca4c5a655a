"""What the views share, one concern a module: who may open a page (:mod:`.access`),
how a page is answered (:mod:`.render`, :mod:`.keyed_writes`, :mod:`.etags`) and the
page builders, which turn models and engine views into a template's context.

Views import pages and services, never another view module; pages never import
views (tests/web/test_web_layout.py). So a page two areas show (the night page,
after a digital hand's move) is built in one place without an import cycle.
"""
