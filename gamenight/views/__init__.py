"""The app's pages, one module an area; each area's URLs live beside it (``*_urls.py``)."""
