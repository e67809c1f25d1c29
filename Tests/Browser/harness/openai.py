"""The AI provider of review reply drafts as the hub reaches it in this suite:
`Tests/Fixtures/fake_openai.py`, an OpenAI-compatible chat-completions API, which asod is pointed
at with `APPNORTH_AI_URL`, `APPNORTH_AI_KEY` and `APPNORTH_AI_MODEL`."""
from .fake_provider import FakeProvider

KEY = "sk-browser-drafts-3Fq8Lm2Vx7Rt"
MODEL = "gpt-browser-drafts"


class FakeOpenAI(FakeProvider):
    def __init__(self, root):
        super().__init__(root, "fake_openai.py")
        self.control("/__control/state", {"keys": [KEY], "models": [MODEL]})

    def environment(self):
        return {"APPNORTH_AI_URL": self.base_url + "/v1", "APPNORTH_AI_KEY": KEY, "APPNORTH_AI_MODEL": MODEL}
