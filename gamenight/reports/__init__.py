"""End-of-night and season reports: figures from the ledger (:mod:`.night`,
:mod:`.season`; what a pot is: :mod:`.pots`), a PNG chart (:mod:`.charts_png`),
a CSV of the entries (:mod:`.csv_export`), the mail (:mod:`.mail`, sent and
retried by its own task: :mod:`.mailing`), and the build that the Celery task
runs with its row lock and retries (:mod:`.build`)."""


class BadReportDataError(Exception):
    """The report cannot be built from this data; retrying will not help.

    The message is shown on the report page.
    """
