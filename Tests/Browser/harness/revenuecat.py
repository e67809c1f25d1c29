"""RevenueCat's API v2 as the hub reaches it in this suite: `Tests/Fixtures/fake_revenuecat.py`,
which asod is pointed at with `APPNORTH_REVENUECAT_URL`."""
from .fake_provider import FakeProvider


class FakeRevenueCat(FakeProvider):
    def __init__(self, root):
        super().__init__(root, "fake_revenuecat.py")
