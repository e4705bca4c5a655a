"""The app's views, one module an area; their URLs in gamenight/urls/.

A view module imports pages (gamenight/pages/) and services, never another view
module (tests/web/test_web_layout.py).
"""
