"""An app's Telegram connection as the owner sets it up in the dashboard (issue 23: "A
dashboard page does the same"): paste the bot token, let the bot see the group, choose it,
then disconnect after the page asks; pushd talks to the fake Bot API the harness started."""
import secrets

from harness.waiting import eventually

GROUP_ID = -1001500600700
OWNER_TG_ID = 6001


def click(browser, css):
    browser.find(css).click()


def test_owner_connects_telegram_chooses_the_group_and_disconnects(browser, operator, project, team, telegram):
    # Given a bot and a forum group the fake Bot API knows
    bot_id = 7000000000 + secrets.randbelow(99999999)
    token = f"{bot_id}:AAH{secrets.token_hex(16)}"
    telegram.control("/__control/state", {
        "bots": [{"token": token, "id": bot_id, "username": "browser_support_bot", "firstName": "Support"}],
        "chats": [{"id": GROUP_ID, "title": "Support team", "type": "supergroup", "isForum": True,
                   "creator": OWNER_TG_ID, "administrators": [], "members": [],
                   "users": {str(OWNER_TG_ID): {"first_name": "Olive"}}}],
    })
    path = f"/dashboard/apps/{project.id}/integrations/telegram"

    # When the owner opens the app's page and follows Integrations → Telegram
    team.sign_in(browser, team.owner, path=f"/dashboard/apps/{project.id}")
    click(browser, f"a[href='{path}']")
    browser.wait_text("h1", "Telegram")
    # Then the page explains the setup and asks for the token (this hub has no public URL: polling)
    assert "@BotFather" in browser.text(".steps")
    assert "no public URL" in browser.text("main")
    assert browser.find("input[name=botToken]").get_attribute("type") == "password"
    browser.shot("telegram-connect")

    # When they paste the token and save
    browser.find("input[name=botToken]").send_keys(token)
    click(browser, f"form[action='{path}'] button[type=submit]")
    # Then the bot is connected and waits for a group
    browser.wait_text(".flash.ok", "Bot connected.")
    assert "@browser_support_bot" in browser.text("main")
    assert "Awaiting group" in browser.text(".topline")
    assert token not in browser.driver.page_source

    # When the bot is added to the group, and they refresh until it is detected
    telegram.control("/__control/my_chat_member", {
        "token": token, "chatId": GROUP_ID, "status": "administrator", "fromId": OWNER_TG_ID})

    def detected():
        click(browser, "#groups a.button")
        return "Support team" in browser.text("#groups")

    eventually(detected, "the group to be listed after a refresh", timeout=20, interval=0.5)
    # And choose it
    click(browser, f"form[action='{path}/group'] button[type=submit]")
    # Then the connection is active with that group
    browser.wait_text(".flash.ok", "Group chosen.")
    assert "Active" in browser.text(".topline")
    assert "In use" in browser.text("#groups")
    connection = operator.get(f"/projects/{project.id}/integrations/telegram").expect(200).json
    assert connection["state"] == "active"
    assert connection["group"]["id"] == str(GROUP_ID)
    browser.shot("telegram")

    # When they press Disconnect…, the page asks first and nothing changes yet
    click(browser, f"form[action='{path}/disconnect'] button[type=submit]")
    browser.wait_text("#confirm-title", "Disconnect @browser_support_bot")
    assert operator.get(f"/projects/{project.id}/integrations/telegram").json["state"] == "active"
    browser.shot("telegram-disconnect")
    # When they confirm
    click(browser, "section.confirm button.danger")
    # Then it is disconnected and the connect form is back
    browser.wait_text(".flash.ok", "Telegram disconnected.")
    browser.wait_for("input[name=botToken]")
    assert operator.get(f"/projects/{project.id}/integrations/telegram").json["state"] == "disconnected"
    assert browser.console_errors() == []
