"""Discord's REST API and OAuth as the hub reaches them in this suite: `Tests/Fixtures/fake_discord.py`,
which the hub is pointed at with `APPNORTH_DISCORD_API_URL` and `APPNORTH_DISCORD_OAUTH_URL`, and
the platform bot's environment the fake knows."""
from .fake_provider import FakeProvider

APPLICATION_ID = "1100000000000000001"
BOT_TOKEN = "browser-discord-bot-token"
CLIENT_SECRET = "browser-discord-client-secret"


class FakeDiscord(FakeProvider):
    def __init__(self, root):
        super().__init__(root, "fake_discord.py")
        self.application = {"id": APPLICATION_ID, "name": "AppNorth", "clientSecret": CLIENT_SECRET, "botToken": BOT_TOKEN}
        self.control("/__control/state", {"application": self.application})

    def environment(self):
        """What the hub needs to use this fake as its platform bot."""
        return {
            "APPNORTH_DISCORD_API_URL": self.base_url + "/api/v10",
            "APPNORTH_DISCORD_OAUTH_URL": self.base_url + "/oauth2/authorize",
            "DISCORD_APPLICATION_ID": APPLICATION_ID,
            "DISCORD_PUBLIC_KEY": "ab" * 32,
            "DISCORD_BOT_TOKEN": BOT_TOKEN,
            "DISCORD_CLIENT_SECRET": CLIENT_SECRET,
            "APPNORTH_DISCORD_SYNC_INTERVAL_S": "0",
        }
