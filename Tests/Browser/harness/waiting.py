"""Waiting on something other than a page (an API answer, a row the SDK sees), always with a
deadline; pages have Browser.wait_*."""
import time

# How long a wait lasts unless told: generous for a loaded CI machine, short enough that what
# never comes fails the test in seconds, not minutes.
WAIT_S = 10


def eventually(check, what, timeout=WAIT_S, interval=0.1):
    """`check()`'s first truthy value within `timeout` seconds; else the test fails saying
    `what` it waited for and what `check()` last gave."""
    deadline = time.monotonic() + timeout
    while True:
        last = check()
        if last:
            return last
        if time.monotonic() >= deadline:
            raise AssertionError(f"waited {timeout} s for {what}; last: {last!r}")
        time.sleep(interval)
