"""The site's own date formats, by language (settings.FORMAT_MODULE_PATH).

Only what differs from Django's is here; every other format comes from Django.
"""
