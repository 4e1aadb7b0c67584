"""A room's secrets and its limits: the join code a class types, the teacher's key, a token
per device (all from :mod:`secrets`), failed joins counted per client address, and messages
counted per device.

    >>> code = join_code()
    >>> len(code), set(code) <= set(ALPHABET)
    (6, True)
    >>> len(teacher_key()) >= 32, device_token() != device_token()
    (True, True)

A join code is 6 characters from 31 that can't be mistaken for one another on a projector
(no 0/O, 1/I/L): 31**6, about 887 million codes. Guessing is slowed by :class:`Attempts`
(10 failed joins a minute per address, then refused with HTTP 429), so a guesser at the
limit needs about 80 years on average for one room.

    >>> tries = Attempts(limit=2, window=60, clock=lambda: 0)
    >>> tries.refused("10.0.0.7"), tries.fail("10.0.0.7"), tries.fail("10.0.0.7")
    ('', None, None)
    >>> tries.refused("10.0.0.7")
    'too many wrong codes from this device: wait a minute and try again'

A device's messages: at most ``rate`` a second on average, ``burst`` at once
(:class:`Bucket`, a token bucket)::

    >>> bucket = Bucket(rate=20, burst=2, clock=lambda: 0.0)
    >>> bucket.take(), bucket.take(), bucket.take()
    (True, True, False)
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque
from typing import Callable

#: the join code's characters: capitals and digits that can't be mistaken for one another
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
#: failed joins allowed per client address in ``WINDOW`` seconds
FAILED_JOINS = 10
WINDOW = 60.0


def join_code() -> str:
    """A fresh join code: 6 characters of :data:`ALPHABET`, chosen by :mod:`secrets`."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def teacher_key() -> str:
    """The key that makes a connection the room's host (about 256 bits)."""
    return secrets.token_urlsafe(32)


def device_token() -> str:
    """A device's secret: it acts for that device only (about 192 bits)."""
    return secrets.token_urlsafe(24)


def same(secret: str, given: object) -> bool:
    """``given`` is ``secret`` (compared in constant time; anything not text is not).

        >>> same("abc", "abc"), same("abc", "abd"), same("abc", None)
        (True, False, False)
    """
    return isinstance(given, str) and hmac.compare_digest(secret.encode(), given.encode())


def normal_code(text: object) -> str:
    """A typed code as the room compares it: capitals, spaces and dashes left out.

        >>> normal_code(" abc-234 ")
        'ABC234'
    """
    if not isinstance(text, str):
        return ""
    return "".join(c for c in text.upper() if c not in " -\t")[:20]


class Attempts:
    """Failed joins per client address: at most ``limit`` in ``window`` seconds. Keeps at
    most ``addresses`` addresses (the oldest forgotten first)."""

    def __init__(self, limit: int = FAILED_JOINS, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic, addresses: int = 10_000):
        self.limit, self.window, self.clock, self.addresses = limit, window, clock, addresses
        self._failed: dict[str, deque] = {}

    def _recent(self, address: str) -> deque:
        now = self.clock()
        times = self._failed.get(address)
        if times is None:
            if len(self._failed) >= self.addresses:
                self._failed.pop(next(iter(self._failed)))
            times = self._failed[address] = deque()
        while times and now - times[0] >= self.window:
            times.popleft()
        return times

    def refused(self, address: str) -> str:
        """Why ``address`` may not try a code now ("" if it may)."""
        if len(self._recent(address)) >= self.limit:
            return "too many wrong codes from this device: wait a minute and try again"
        return ""

    def fail(self, address: str) -> None:
        """Count one failed join from ``address``."""
        self._recent(address).append(self.clock())


class Bucket:
    """A token bucket: ``take()`` is True while the holder keeps to ``rate`` a second on
    average and ``burst`` at once."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0,
                 clock: Callable[[], float] = time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.when = burst, clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.when) * self.rate)
        self.when = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
