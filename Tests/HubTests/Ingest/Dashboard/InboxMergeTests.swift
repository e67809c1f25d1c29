import Foundation
import XCTest

@testable import Dashboard
@testable import HubMessaging
@testable import IngestService

/// The inbox's one list of two (issue 20, "Inbox": "chat conversations and private reports in
/// one list, newest activity first"): pages merge chatd's and the store's lists by activity
/// and the cursor carries where each goes on.
final class InboxMergeTests: XCTestCase {
    static func chats(_ times: [String], more: Bool) -> InboxPagesHandler.ChatRows {
        let items = times.enumerated().map { index, time in
            ChatConversationSummary(
                id: "c\(index)", status: .open, sentiment: nil, lastMessageAt: time, unreadByTeam: false, ownerKind: .token, locale: nil,
                createdAt: time)
        }
        return InboxPagesHandler.ChatRows(
            page: ChatTeamInbox.Response(items: items, positions: times.indices.map { String(1_000 - $0) }, nextCursor: more ? "x" : nil),
            names: [:])
    }

    static func reports(_ times: [String], more: Bool) -> InboxPagesHandler.ReportRows {
        InboxPagesHandler.ReportRows(
            rows: times.enumerated().map { index, time in
                (
                    InboxRow(
                        id: "r\(index)", kind: .report, appName: "", email: nil, preview: "", state: .todo, unread: true,
                        lastActivityAt: time),
                    InboxCursor.ReportKey(createdAt: time, id: "r\(index)")
                )
            }, hasMore: more, skipped: false)
    }

    static func time(_ minute: Int) -> String { String(format: "2025-03-01T10:%02d:00.000Z", minute) }

    func testTwoListsMergeNewestFirstAndEachGoesOnAfterItsLastShownItem() {
        // Given 40 chats on the even minutes and 40 reports on the odd ones, more behind both
        let chats = Self.chats(stride(from: 58, through: 0, by: -2).map(Self.time) + Array(repeating: Self.time(0), count: 10), more: true)
        let reports = Self.reports(
            stride(from: 59, through: 1, by: -2).map(Self.time) + Array(repeating: Self.time(0), count: 10), more: true)
        // When a page of 50 is made
        let page = InboxPagesHandler.merge(chats: chats, reports: reports, cursor: InboxCursor())
        // Then it alternates newest first, and each list continues after the 25 it showed
        XCTAssertEqual(page.rows.count, InboxPagesHandler.pageSize)
        XCTAssertEqual(page.rows.map(\.lastActivityAt), page.rows.map(\.lastActivityAt).sorted(by: >))
        XCTAssertEqual(page.rows.prefix(2).map(\.id), ["r0", "c0"])
        XCTAssertEqual(page.next?.chat, .after(String(1_000 - 24)))
        XCTAssertEqual(page.next?.report, .after(InboxCursor.ReportKey(createdAt: Self.time(11), id: "r24")))
        // And the cursor survives its text form
        XCTAssertEqual(page.next.flatMap { InboxCursor($0.text) }, page.next)
    }

    func testAListThatShowedNothingStaysWhereItWasAndAnEmptyOneIsDone() {
        let chats = Self.chats([], more: false)
        let reports = Self.reports([Self.time(5)], more: false)
        let start = InboxCursor(chat: .after("77"), report: .top)
        let page = InboxPagesHandler.merge(chats: chats, reports: reports, cursor: start)
        XCTAssertEqual(page.rows.map(\.id), ["r0"])
        XCTAssertNil(page.next, "both lists are done")
        // Given 60 newer reports: no chat is shown, so the chats start where they were
        let many = Self.reports((0..<60).map { _ in Self.time(50) }, more: false)
        let older = Self.chats([Self.time(1)], more: false)
        let next = InboxPagesHandler.merge(chats: older, reports: many, cursor: start).next
        XCTAssertEqual(next?.chat, .after("77"))
    }

    func testACursorThatIsNotOneStartsAtTheTop() {
        XCTAssertNil(InboxCursor("nonsense"))
        XCTAssertNil(InboxCursor("12a~"))
        XCTAssertEqual(InboxCursor("~-"), InboxCursor(chat: .top, report: .done))
    }
}
