"""Tournament nights (issue 27): a night whose game is one poker tournament.

The pure parts, without Django's database (each unit-tested with hand-checked
figures): ``structures`` (blind levels, breaks, colour-ups, the ready structures
and the expected length), ``payouts`` (percentage tables by the number of
entries, prizes in whole chips), ``icm`` (the Malmuth-Harville model and the
chop), ``clock`` (the level and time left from server timestamps), ``seating``
(the two-table draw, balancing, the final table) and ``setup`` (buy-in, chips,
rebuys, add-on, bounties, late registration, as stored on the tournament).

The rest works on the database: ``ledger`` (how a tournament books its money in
the chip ledger: read its docstring first), ``play`` (registration, rebuys,
add-ons, eliminations), ``finish`` (prizes and the chop), ``clock_moves`` (the
host's pause, resume and level moves), ``hooks`` (the current blinds, the
tournament chips), ``hands`` (a digital Hold'em or Omaha hand on a tournament
night: who is dealt in at which table, with what, and its end in tournament
chips), and the web side (``forms``, ``pages``, ``views``, ``urls``).
"""
