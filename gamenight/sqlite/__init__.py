"""SQLite as the app uses it: Django's backend, but a new connection waits for the lock."""
