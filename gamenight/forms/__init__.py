"""Forms of the app's pages, one module an area."""
