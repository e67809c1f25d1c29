"""The iTunes Search API as the hub reaches it in this suite: `Tests/Fixtures/fake_itunes_search.py`,
which asod (Keyword Explorer, tracked ranks) is pointed at with `APPNORTH_ITUNES_URL`."""
from .fake_provider import FakeProvider


class FakeITunesSearch(FakeProvider):
    def __init__(self, root):
        super().__init__(root, "fake_itunes_search.py")

    def environment(self):
        return {"APPNORTH_ITUNES_URL": self.base_url}
