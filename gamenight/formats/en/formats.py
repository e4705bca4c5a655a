"""English times on a 24-hour clock, as the seat pages already show them ("14:55").

Django's "2:55 p.m." ends in a period, so a sentence ending with a time
("It works until 12/08/2026 2:55 p.m..") showed two.
"""

DATETIME_FORMAT = "N j, Y, H:i"
SHORT_DATETIME_FORMAT = "m/d/Y H:i"
TIME_FORMAT = "H:i"
