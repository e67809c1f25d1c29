"""Telegram's Bot API as the hub reaches it in this suite: `Tests/Fixtures/fake_telegram.py`,
which the hub is pointed at with `APPNORTH_TELEGRAM_API_URL`."""
from .fake_provider import FakeProvider


class FakeTelegram(FakeProvider):
    def __init__(self, root):
        super().__init__(root, "fake_telegram.py")
