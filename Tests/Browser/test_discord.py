"""An app's Discord installation as the owner sets it up in the dashboard (issue 24: "a
dashboard page doing the same"): Connect Discord goes to Discord's authorize page, Discord comes
back with a code, the owner chooses the channel among those the bot may use, sends a test
message and disconnects after the page asks; pushd talks to the fake Discord the harness started."""
from urllib.parse import parse_qs, urlencode, urlparse

from harness.discord import APPLICATION_ID
from harness.waiting import eventually

GUILD = "1300000000000000001"
SUPPORT = "1300000000000000011"
FORUM = "1300000000000000012"
LOCKED = "1300000000000000013"
INSTALLER = "1200000000000000001"
# View Channel, Send Messages, Embed Links, Read Message History, Create Public Threads, Send Messages in Threads
BOT_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 35) | (1 << 38)


def click(browser, css):
    browser.find(css).click()


def discord_state(discord, redirect_uri, code):
    """A server with a usable text channel, a forum and a channel the bot may not post in, and
    the code Discord gives the installer for `redirect_uri`."""
    return {
        "application": discord.application,
        "users": [{"id": INSTALLER, "username": "olive_support"}],
        "guilds": [{
            "id": GUILD, "name": "Notes HQ", "ownerId": INSTALLER,
            "roles": [{"id": GUILD, "name": "@everyone", "permissions": str(BOT_PERMISSIONS)}],
            "members": [{"userId": INSTALLER, "roles": []}],
            "channels": [
                {"id": SUPPORT, "type": 0, "name": "support", "overwrites": []},
                {"id": FORUM, "type": 15, "name": "ideas-forum", "overwrites": []},
                {"id": LOCKED, "type": 0, "name": "staff-only",
                 "overwrites": [{"id": GUILD, "type": 0, "allow": "0", "deny": str(1 << 11)}]},
            ],
        }],
        "oauthCodes": [{"code": code, "userId": INSTALLER, "redirectUri": redirect_uri, "guildId": GUILD,
                        "scope": "bot identify"}],
    }


def test_owner_connects_discord_chooses_the_channel_and_disconnects(browser, operator, project, team, discord, hub):
    path = f"/dashboard/apps/{project.id}/integrations/discord"

    # When the owner opens the app's page and follows Integrations → Discord
    team.sign_in(browser, team.owner, path=f"/dashboard/apps/{project.id}")
    click(browser, f"a[href='{path}']")
    browser.wait_text("h1", "Discord")
    # Then the page explains the setup and offers Connect Discord
    assert "Authorize the bot in a server you own or can manage." in browser.text(".steps")
    browser.shot("discord-connect")

    # When they select Connect Discord, the browser goes to Discord's authorize page
    # Then the hub's page raised no error (its policy admits the post's redirect to Discord)
    assert browser.console_errors() == []
    click(browser, f"form[action='{path}/install'] button[type=submit]")
    eventually(lambda: browser.driver.current_url.startswith(discord.base_url), "the browser to reach Discord's authorize page")
    # (the fake has no authorize page to show: its 404 is Discord's part, not the hub's)
    browser.console_errors()
    authorize = urlparse(browser.driver.current_url)
    assert f"{authorize.scheme}://{authorize.netloc}{authorize.path}" == discord.base_url + "/oauth2/authorize"
    query = {k: v[0] for k, v in parse_qs(authorize.query).items()}
    assert query["client_id"] == APPLICATION_ID
    assert query["scope"] == "bot identify"
    assert query["permissions"] == str(BOT_PERMISSIONS)
    # And, as Discord does after they authorize the bot, it comes back with a code and the state
    discord.control("/__control/state", discord_state(discord, query["redirect_uri"], "browserCode0123456789"))
    back = {"code": "browserCode0123456789", "state": query["state"], "guild_id": GUILD, "permissions": str(BOT_PERMISSIONS)}
    browser.open(query["redirect_uri"] + "?" + urlencode(back))
    # Then the page shows the server and waits for a channel; only the usable one is offered
    browser.wait_text(".flash.ok", "The bot was added to your server.")
    assert "Awaiting channel" in browser.text(".topline")
    assert "Notes HQ" in browser.text("main")
    assert "@olive_support" in browser.text("main")
    options = [o.get_attribute("value") for o in browser.find_all("select[name=channelId] option")]
    assert options == [SUPPORT]
    assert "Not a text channel" in browser.text("#channels")
    assert "#staff-only" in browser.text("#channels")
    browser.shot("discord-channel")

    # When they save the channel and send a test message
    click(browser, f"form[action='{path}/channel'] button[type=submit]")
    browser.wait_text(".flash.ok", "Channel saved.")
    assert "Active" in browser.text(".topline")
    click(browser, f"form[action='{path}/test'] button[type=submit]")
    browser.wait_text(".flash.ok", "Test message sent.")
    # Then the message is in the channel
    sent = discord.read(f"/__control/messages?channelId={SUPPORT}")
    assert len(sent) == 1 and "AppNorth is connected" in sent[0]["content"]
    browser.shot("discord")

    # When they press Disconnect…, the page asks first and nothing changes yet
    click(browser, f"form[action='{path}/disconnect'] button[type=submit]")
    browser.wait_text("#confirm-title", "Disconnect “Notes HQ”")
    assert operator.get(f"/projects/{project.id}/integrations/discord").json["state"] == "active"
    browser.shot("discord-disconnect")
    # When they confirm
    click(browser, "section.confirm button.danger")
    # Then it is disconnected and Connect Discord is back
    browser.wait_text(".flash.ok", "Discord disconnected.")
    browser.wait_for(f"form[action='{path}/install']")
    assert operator.get(f"/projects/{project.id}/integrations/discord").json["state"] == "disconnected"
    assert browser.console_errors() == []


def test_a_cancelled_authorization_says_so(browser, hub):
    # When Discord sends the person back after Cancel
    browser.open("/api/v1/integrations/discord/callback?error=access_denied&state=abc")
    # Then the page says nothing changed and leads back
    browser.wait_text("h1", "Discord was not connected")
    assert "cancelled on Discord" in browser.text("main")
    assert browser.find("a.button").get_attribute("href").endswith("/dashboard/apps")
    browser.shot("discord-cancelled")
