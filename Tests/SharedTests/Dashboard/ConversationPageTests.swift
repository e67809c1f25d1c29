import Foundation
import HubRuntime
import XCTest

@testable import Dashboard

/// Issue 20, the conversation: the thread with photos and card activity, who the user is and
/// what their app reported, reply or internal note (visibly distinct), photos, cards, resolve
/// and reopen, each usable without the script and only by the roles that may.
final class ConversationPageTests: XCTestCase {
    let now = ISOTime.parse("2026-12-01T12:00:00.000Z")!

    func viewer(_ role: String) -> PageShell.Viewer {
        PageShell.Viewer(name: "Ana", email: "ana@example.com", role: role, organization: "Acme", formToken: "ft-9", sections: [.inbox])
    }

    var snapshot: ConversationPaywalls {
        ConversationPaywalls(
            receivedAt: "2026-12-01T10:00:00.000Z",
            paywalls: [
                .init(
                    id: "pw_annual", title: "Annual 50% off", presentable: true, available: true,
                    products: [.init(id: "pro_annual", price: "$29.99", period: "P1Y", trial: "P7D")]),
                .init(id: "pw_gone", title: "Old monthly", presentable: true, available: false),
                .init(id: "pw_hidden", title: "No paywall design", presentable: false, available: true),
            ],
            subscription: .init(status: "active", plan: "pro_monthly", renewsOn: "2026-12-24", environment: "sandbox"))
    }

    func view(
        status: InboxQuery.State = .open, messages: [ConversationEntry]? = nil, paywalls: ConversationPaywalls?? = .none,
        identity: ConversationCustomer.Identity = .verified(email: "kim@example.com"), automaticReviewRequests: Bool = false
    ) -> ConversationView {
        ConversationView(
            id: "c1", app: InboxChoice(id: "p1", name: "Acme iOS"), status: status, sentiment: status == .resolved ? "positive" : nil,
            createdAt: "2026-12-01T09:00:00.000Z",
            customer: ConversationCustomer(
                identity: identity, locale: "es-MX", platform: "iOS 18.2", bundleId: "com.acme.app",
                paywalls: paywalls ?? snapshot),
            messages: messages ?? [
                ConversationEntry(
                    id: "m1", sender: .user, body: "It crashes here", createdAt: "2026-12-01T09:00:00.000Z",
                    photos: [
                        .init(url: "https://hub.example.com/api/v1/chat/media?key=a&sig=b", width: 1170, height: 2532),
                        .init(url: nil, width: 10, height: 10),
                    ]),
                ConversationEntry(
                    id: "m2", sender: .team, isInternal: true, author: "Ben", body: "Known bug, fixed in 2.1",
                    createdAt: "2026-12-01T09:10:00.000Z"),
                ConversationEntry(
                    id: "m3", sender: .team, author: "Ana", body: "Thanks! Fixed in 2.1.", createdAt: "2026-12-01T09:20:00.000Z"),
            ],
            automaticReviewRequests: automaticReviewRequests, replyKey: "k-123", now: now)
    }

    func render(_ view: ConversationView, role: String = "member") -> String {
        ConversationPage.render(view, viewer: viewer(role)).markup
    }

    func testUserTextRendersAsText() {
        // Given a user, an app and a teammate who all wrote markup
        let hostile = "<img src=x onerror=alert(1)>"
        let paywalls = ConversationPaywalls(
            receivedAt: "2026-12-01T10:00:00.000Z",
            paywalls: [
                .init(
                    id: "<script>", title: hostile, presentable: true, available: true,
                    products: [.init(id: hostile, price: "<b>$1</b>", period: "P1M")])
            ],
            subscription: .init(status: "<i>", plan: hostile))
        var conversation = view(
            messages: [
                ConversationEntry(id: "m1", sender: .user, body: hostile, createdAt: "2026-12-01T09:00:00.000Z"),
                ConversationEntry(
                    id: "m2", sender: .team, author: "<script>alert(1)</script>", body: "x", createdAt: "2026-12-01T09:00:00.000Z",
                    card: .init(kind: .offer, title: hostile, paywallId: "p", buttonLabel: "<u>Buy</u>", body: "<s>50%</s>")),
            ], paywalls: paywalls, identity: .verified(email: "<script>@x.com"))
        conversation.customer.locale = hostile
        conversation.customer.bundleId = "<b>bundle"
        conversation.draft = "</textarea><script>alert(1)</script>"
        // When the page shows it all
        let markup = render(conversation, role: "owner")
        // Then none of it is markup
        for tag in ["<script>", "<img src=x", "<b>", "<u>Buy", "<s>50", "<i>", "</textarea><script>"] {
            XCTAssertFalse(markup.contains(tag), tag)
        }
        XCTAssertTrue(markup.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertTrue(markup.contains("&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;</textarea>"))
        // And nothing is styled inline, which the page's policy would refuse
        XCTAssertFalse(markup.contains("style="))
    }

    func testAnInternalNoteIsSetApartFromReplies() throws {
        // When the thread has the user's message, a note and a reply
        let markup = render(view())
        // Then each has its own look, and only the note says it is internal
        let note = try XCTUnwrap(InboxMarkup.slice(markup, from: "<article class=\"msg note\">", to: "</article>"))
        XCTAssertTrue(note.contains("Internal note"))
        XCTAssertTrue(note.contains("<strong>Ben</strong>"))
        XCTAssertTrue(note.contains("Known bug, fixed in 2.1"))
        let reply = try XCTUnwrap(InboxMarkup.slice(markup, from: "<article class=\"msg team\"", to: "</article>"))
        XCTAssertFalse(reply.contains("Internal note"))
        XCTAssertTrue(reply.contains("<strong>Ana</strong>"))
        let user = try XCTUnwrap(InboxMarkup.slice(markup, from: "<article class=\"msg user\">", to: "</article>"))
        XCTAssertTrue(user.contains("<strong>kim@example.com</strong>"))
        XCTAssertEqual(InboxMarkup.count("Internal note</span>", in: markup), 1)
        // And the newest message is the one the inbox's #latest lands on
        XCTAssertTrue(markup.contains("<article class=\"msg team\" id=\"latest\">"))
    }

    func testTheThreadIsLiveAndHoldsNoForm() {
        let conversation = view()
        let markup = render(conversation)
        XCTAssertTrue(markup.contains("<div class=\"thread\" id=\"thread\" data-live>"))
        XCTAssertTrue(markup.contains("id=\"conversation-status\" data-live>"))
        // A refresh replaces the thread; what is being typed lives outside it
        XCTAssertFalse(ConversationPage.thread(conversation).markup.contains("<form"))
        XCTAssertFalse(ConversationPage.header(conversation).markup.contains("<form"))
    }

    func testTheReplyFormPostsOnceWithItsKeyAsReplyOrNote() throws {
        // When the page is rendered with a fresh idempotency key
        let markup = render(view())
        let form = try XCTUnwrap(InboxMarkup.postForms(markup).first { $0.contains("action=\"/dashboard/conversations/c1/reply\"") })
        // Then the form is multipart, carries the form token and the key
        XCTAssertTrue(form.hasPrefix("<form method=\"post\" action=\"/dashboard/conversations/c1/reply\" enctype=\"multipart/form-data\">"))
        XCTAssertTrue(form.contains("<input type=\"hidden\" name=\"_form\" value=\"ft-9\">"))
        XCTAssertTrue(form.contains("<input type=\"hidden\" name=\"key\" value=\"k-123\">"))
        // And the body holds up to 2,000 characters (docs/chat.md) and may be empty when photos go
        XCTAssertTrue(form.contains("name=\"body\" rows=\"4\" maxlength=\"2000\""))
        XCTAssertFalse(form.contains("maxlength=\"2001\""))
        XCTAssertFalse(form.contains("name=\"body\" required"))
        // And the button pressed decides: a reply, or a note with internal=1
        XCTAssertTrue(form.contains("<button type=\"submit\" class=\"primary\">Send reply</button>"))
        XCTAssertTrue(form.contains("<button type=\"submit\" name=\"internal\" value=\"1\" class=\"note\">Add internal note</button>"))
    }

    func testUpToThreePhotosCanBeAttached() throws {
        // docs/chat.md: 1-3 photos per message; one input per photo holds the limit without the script
        let form = try XCTUnwrap(InboxMarkup.postForms(render(view())).first { $0.contains("/reply\"") })
        let slot = "<input type=\"file\" name=\"photo\" accept=\"image/jpeg,image/png,image/webp\">"
        XCTAssertEqual(InboxMarkup.count(slot, in: form), 3)
        XCTAssertTrue(form.contains("Photo 3"))
        XCTAssertFalse(form.contains("Photo 4"))
        XCTAssertFalse(form.contains(" multiple"))
    }

    func testADraftIsPutBackInTheComposer() {
        var conversation = view()
        conversation.draft = "\nSecond line kept"
        XCTAssertTrue(render(conversation).contains("aria-describedby=\"reply-hint\">\n\nSecond line kept</textarea>"))
    }

    func testPhotosShowFromTheirSignedURLs() {
        let markup = render(view())
        XCTAssertTrue(
            markup.contains(
                "<img src=\"https://hub.example.com/api/v1/chat/media?key=a&amp;sig=b\" alt=\"Photo 1 of 2, 1170×2532\" loading=\"lazy\">"))
        XCTAssertTrue(markup.contains("Photo 2 of 2 is unavailable"))
    }

    func testCardsShowWhatTheUserDidWithThem() {
        // Given an offer opened and tapped, one only opened and since withdrawn, and one not yet seen
        func offer(_ id: String, opened: String?, tapped: String?, available: Bool = true) -> ConversationEntry {
            ConversationEntry(
                id: id, sender: .team, author: "Ana", body: "View offer", createdAt: "2026-12-01T10:00:00.000Z",
                card: .init(
                    kind: .offer, title: "Annual 50% off", paywallId: "pw_annual", buttonLabel: "View offer", available: available,
                    openedAt: opened, tappedAt: tapped))
        }
        let markup = render(
            view(messages: [
                offer("a", opened: "2026-12-01T11:00:00.000Z", tapped: "2026-12-01T11:30:00.000Z"),
                offer("b", opened: "2026-12-01T11:00:00.000Z", tapped: nil, available: false),
                offer("c", opened: nil, tapped: nil),
            ]))
        // Then each says so
        XCTAssertTrue(
            markup.contains("Opened <time datetime=\"2026-12-01T11:00:00.000Z\" title=\"1 Dec 2026, 11:00 UTC\">1 h ago</time> · Tapped "))
        XCTAssertEqual(InboxMarkup.count(" · Not tapped", in: markup), 1)
        XCTAssertEqual(InboxMarkup.count("Not opened yet", in: markup), 1)
        XCTAssertEqual(InboxMarkup.count("No longer available", in: markup), 1)
        // And the card's fallback text is not repeated above the card
        XCTAssertFalse(markup.contains("<span class=\"text\">View offer</span>"))
        XCTAssertTrue(markup.contains("<span class=\"cta\">View offer</span>"))
    }

    func testAnOfferIsPickedFromTheUsersOwnPaywalls() throws {
        // Given the user's app reported three paywalls, one of which can open now
        let markup = render(view())
        let form = try XCTUnwrap(InboxMarkup.postForms(markup).first { $0.contains("value=\"offer\"") })
        // Then all three are listed, only the openable one can be chosen
        let select = try XCTUnwrap(InboxMarkup.slice(form, from: "<select", to: "</select>"))
        XCTAssertEqual(InboxMarkup.count("<option", in: select), 3)
        XCTAssertTrue(select.contains("<option value=\"pw_annual\">Annual 50% off · $29.99 / year, 7-day trial</option>"))
        XCTAssertTrue(select.contains("<option value=\"pw_gone\" disabled>Old monthly (unavailable)</option>"))
        XCTAssertTrue(select.contains("<option value=\"pw_hidden\" disabled>No paywall design (cannot be shown)</option>"))
        // And the label and message hold 40 and 500 characters (docs/chat.md, "Cards")
        XCTAssertTrue(form.contains("name=\"buttonLabel\" value=\"View offer\" required maxlength=\"40\""))
        XCTAssertTrue(form.contains("name=\"body\" rows=\"3\" maxlength=\"500\""))
        XCTAssertTrue(form.hasPrefix("<form method=\"post\" action=\"/dashboard/conversations/c1/cards\">"))
    }

    func testWithoutAnOpenablePaywallThereIsNoOfferForm() {
        // No snapshot yet, an empty one, and one where nothing can open: each says why, none offers a form
        let none = render(view(paywalls: .some(nil)))
        XCTAssertTrue(none.contains("has not reported its paywalls"))
        let empty = render(view(paywalls: ConversationPaywalls(receivedAt: "2026-12-01T10:00:00.000Z", paywalls: [])))
        XCTAssertTrue(empty.contains("reported no paywalls"))
        let closed = render(
            view(
                paywalls: ConversationPaywalls(
                    receivedAt: "2026-12-01T10:00:00.000Z", paywalls: [.init(id: "x", title: "X", presentable: true, available: false)])))
        XCTAssertTrue(closed.contains("None of the paywalls"))
        for markup in [none, empty, closed] { XCTAssertFalse(markup.contains("name=\"paywallId\"")) }
    }

    func testOnlyOwnersAndAdminsAskForAReview() {
        let button = "<input type=\"hidden\" name=\"kind\" value=\"review_request\">"
        XCTAssertTrue(render(view(), role: "owner").contains(button))
        XCTAssertTrue(render(view(), role: "admin").contains(button))
        XCTAssertFalse(render(view(), role: "member").contains(button))
        // Once sent, the page shows when and what happened instead of the button
        var messages = view().messages
        messages.append(
            ConversationEntry(
                id: "rv", sender: .team, body: "Thanks for chatting with us.", createdAt: "2026-12-01T11:00:00.000Z",
                card: .init(
                    kind: .reviewRequest, title: "Share your thoughts", buttonLabel: "Rate on the App Store",
                    openedAt: "2026-12-01T11:10:00.000Z")))
        let sent = render(view(messages: messages), role: "owner")
        XCTAssertFalse(sent.contains(button))
        XCTAssertTrue(sent.contains("Review request sent <time"))
    }

    func testAnOpenConversationResolvesWithASentimentAndAResolvedOneReopens() throws {
        // Given an open conversation
        let open = render(view())
        let resolve = try XCTUnwrap(InboxMarkup.postForms(open).first { $0.contains("/resolve\"") })
        for sentiment in ["positive", "neutral", "negative"] {
            XCTAssertTrue(resolve.contains("name=\"sentiment\" value=\"" + sentiment + "\""), sentiment)
        }
        XCTAssertFalse(open.contains("/reopen\""))
        // And a resolved one
        let resolved = render(view(status: .resolved))
        XCTAssertTrue(resolved.contains("<form method=\"post\" action=\"/dashboard/conversations/c1/reopen\" class=\"row\">"))
        XCTAssertFalse(resolved.contains("/resolve\""))
        XCTAssertTrue(resolved.contains("<span class=\"badge ok\">Positive</span>"))
    }

    func testThePositiveButtonSaysWhenItAlsoAsksForAReview() {
        let hint = "Positive also sends the review request"
        XCTAssertTrue(render(view(automaticReviewRequests: true)).contains(hint))
        XCTAssertFalse(render(view(automaticReviewRequests: false)).contains(hint))
    }

    func testEveryPostFormCarriesTheFormToken() {
        for role in ["owner", "member"] {
            for status in [InboxQuery.State.open, .resolved] {
                InboxMarkup.assertEveryPostFormCarries("ft-9", in: render(view(status: status), role: role))
            }
        }
        // reply, resolve, review request, offer and sign-out
        XCTAssertEqual(InboxMarkup.postForms(render(view(), role: "owner")).count, 5)
    }

    func testWhoTheUserIsAndWhatTheirAppReported() {
        // A verified user with a reported subscription
        let verified = render(view())
        XCTAssertTrue(verified.contains("<span class=\"mono\">kim@example.com</span> <span class=\"badge ok\""))
        XCTAssertTrue(verified.contains("<dt>Language</dt><dd>es-MX</dd>"))
        XCTAssertTrue(verified.contains("<dt>Platform</dt><dd>iOS 18.2</dd>"))
        XCTAssertTrue(verified.contains("<span class=\"mono\">com.acme.app</span>"))
        XCTAssertTrue(verified.contains("<span class=\"badge ok\">Active</span> <span class=\"badge warn\">Sandbox</span>"))
        XCTAssertTrue(verified.contains("<dt>Renews on</dt><dd>2026-12-24</dd>"))
        XCTAssertTrue(verified.contains("Paywalls (3)"))
        XCTAssertTrue(verified.contains("not verified with the App Store"))
        // An anonymous one the app told nothing about
        var anonymous = view(paywalls: .some(nil), identity: .anonymous)
        anonymous.customer.locale = nil
        anonymous.customer.platform = nil
        anonymous.customer.bundleId = nil
        let markup = render(anonymous)
        XCTAssertTrue(markup.contains("<span class=\"badge\">Anonymous</span>"))
        XCTAssertFalse(markup.contains(">Verified<"))
        XCTAssertEqual(InboxMarkup.count("Not reported", in: markup), 3)
        XCTAssertTrue(markup.contains("has not reported a paywall snapshot"))
        XCTAssertTrue(markup.contains("<title>Chat with Anonymous user · AppNorth</title>"))
    }

    func testProductPeriodsInWords() {
        func text(_ period: String, trial: String? = nil) -> String {
            PaywallPeriod.product(ConversationPaywalls.Product(id: "p", price: "$4.99", period: period, trial: trial))
        }
        XCTAssertEqual(text("P1M"), "$4.99 / month")
        XCTAssertEqual(text("P3M"), "$4.99 / 3 months")
        XCTAssertEqual(text("P1W", trial: "P3D"), "$4.99 / week, 3-day trial")
        XCTAssertEqual(text("P0D"), "$4.99 one-time")
        XCTAssertEqual(text("P1X"), "$4.99 / P1X")
    }
}
