"""Erasing one participant of an app from the dashboard (docs/privacy.md): the app's page, the
form, the review step, and the erasure's page following every part of the hub to done."""


def test_owner_erases_an_anonymous_participant_from_the_app_page(browser, team, operator):
    # Given an app whose chat is open to anyone, and an anonymous user who chatted and voted
    project = operator.create_project(name="Erasure", chat_mode="anyone")
    user = project.sdk()
    user.post("/chat/messages", {"body": "Please forget me"}).expect(201)
    idea = project.sdk().post("/ideas", {"board": "ideas", "title": "Offline mode", "description": "", "authorName": "Kim"})
    idea_id = idea.expect(201).json["value"]["id"]
    user.send("PUT", "/ideas/" + idea_id + "/vote", {"voted": True}).expect(200)

    # When the owner opens the app's page and follows "Erase this person's data"
    team.sign_in(browser, team.owner, "/dashboard/apps/" + project.id)
    browser.wait_for("#erase-title")
    browser.find("a[href$='/erasures']").click()
    browser.wait_for("#erasure input[name=voterToken]")
    browser.shot("erasure-form")

    # And names the voter token, then reviews
    browser.find("input[name=voterToken]").send_keys(user.voter_token)
    browser.find("#erasure form button[type=submit]").click()

    # Then the review says what goes and what stays before anything happens
    browser.wait_text("#erasure .flash.bad", "Deleted user")
    assert user.voter_token in browser.text("#erasure .flash.bad")
    browser.shot("erasure-review")

    # When they confirm
    browser.find("#erasure form button.danger").click()

    # Then the erasure's page follows every part to done, with what each erased
    browser.wait_url("/dashboard/erasures/")
    browser.wait_text("#erasure-status", "Nothing here names the person any more.", timeout=30)
    assert "conversations: 1" in browser.text("#part-chatd")
    assert "votes: 1" in browser.text("#part-ingest")
    assert user.voter_token not in browser.text("main")
    browser.shot("erasure-done")

    # And the idea's count no longer holds their vote
    assert project.sdk().get("/ideas/" + idea_id).expect(200).json["voteCount"] == 0
    assert browser.console_errors() == []
