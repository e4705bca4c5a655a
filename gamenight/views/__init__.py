"""The app's views, one module an area; their URLs are in gamenight/urls.py.

A view module imports pages (gamenight/pages/) and services, never another view
module (tests/web/test_web_layout.py).
"""
