"""A club's seasons, read: which one a day falls in, which is current, and the range a past
or present season's history reads."""

from __future__ import annotations

import datetime

from django.db.models import QuerySet
from django.utils import timezone

from scorekeeper.models import Club, Season


def seasons_of(club: Club | int) -> QuerySet[Season]:
    """The club's seasons, the newest first."""
    return Season.objects.filter(club=club).order_by("-starts", "-id")


def current(club: Club | int, today: datetime.date | None = None) -> Season | None:
    """The season today falls in, or None (between seasons, or none named yet)."""
    day = today or timezone.localdate()
    return seasons_of(club).filter(starts__lte=day, ends__gte=day).first()


def finished(season: Season, today: datetime.date | None = None) -> bool:
    """Whether the season is over: its last day is past, so its table is final."""
    return season.ends < (today or timezone.localdate())


def next_start(club: Club | int) -> datetime.date | None:
    """Where the next season starts: the day after the last one ends (None: no season yet)."""
    last = seasons_of(club).first()
    return None if last is None else last.ends + datetime.timedelta(days=1)
