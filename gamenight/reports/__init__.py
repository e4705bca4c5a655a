"""End-of-night and season reports: figures from the ledger (:mod:`.night`,
:mod:`.season`; what a pot is: :mod:`.pots`), a PNG chart (:mod:`.charts_png`),
a CSV of the entries (:mod:`.csv_export`), the mail (:mod:`.mail`, sent and
retried by its own task: :mod:`.mailing`), and the build that the Celery task
runs with its row lock and retries (:mod:`.build`)."""

from django.utils.translation import gettext_lazy as _

# The night's and the season's reports refuse a cost shared by someone not at the table.
COST_WITHOUT_SEAT = _("a shared cost names a player without a seat")


class BadReportDataError(Exception):
    """The report cannot be built from this data; retrying will not help.

    The message is shown on the report page.
    """
