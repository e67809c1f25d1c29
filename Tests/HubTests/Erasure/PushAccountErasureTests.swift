import Foundation
import XCTest

@testable import HubMessaging
@testable import HubRuntime
@testable import HubStore
@testable import PushService

/// pushd's part of an account erasure (`erasure.organization`): two organizations' devices,
/// pushes, events, credentials, Telegram and Discord connections and emails seeded into every
/// table of pushd.sqlite; erasing one leaves no row naming it, and the other's stay.
final class PushAccountErasureTests: XCTestCase {
    var hub: HubHarness!
    var client: RPCClient!

    override func setUpWithError() throws {
        hub = try HubHarness()
        try hub.start([.pushd])
        client = try hub.client(of: .pushd)
    }

    override func tearDown() {
        client?.close()
        hub?.shutdown()
    }

    var db: SQLiteDatabase { hub.daemons[.pushd]!.context.store }

    func insert(_ table: String, _ values: KeyValuePairs<String, SQLValue>) throws { try StoreTextScan.insert(db, table, values) }

    /// Everything pushd holds of one organization `tag` with one app: every value it writes
    /// holds the tag. Returns the erasure request ingest would send for it.
    func seed(_ tag: String) throws -> ErasureApplyRequest {
        let (org, project, member, email) = ("org_\(tag)", "prj_\(tag)", "mem_\(tag)", "ana@\(tag).example")
        let at = SQLValue.text("2026-11-20T10:00:00.000Z")
        try insert(
            "chat_events",
            [
                "id": .text("evt_\(tag)"), "topic": "chat.conversation_created", "project_id": .text(project),
                "payload": .text(#"{"ownerEmail":"\#(email)"}"#), "created_at": at, "received_at": at,
            ])
        // An invitation's event names its organization only in the payload.
        try insert(
            "chat_events",
            [
                "id": .text("evt_inv_\(tag)"), "topic": "invitation.created", "project_id": nil,
                "payload": .text(#"{"organizationId":"\#(org)","email":"new@\#(tag).example"}"#), "created_at": at,
                "received_at": at,
            ])
        try insert(
            "push_credentials",
            [
                "project_id": .text(project), "app_id": .text("app_\(tag)"), "key_id": .text("key_\(tag)"), "team_id": "TEAM",
                "bundle_id": .text("com.\(tag).app"), "environment": "sandbox", "sealed_key": .text("sealed-p8-\(tag)"),
                "updated_at": at,
            ])
        try insert(
            "push_devices",
            [
                "project_id": .text(project), "environment": "sandbox", "token": .text("aa\(tag)"), "owner_kind": "email",
                "owner_value": .text(email), "registered_at": at, "registered_ms": 1,
            ])
        try insert(
            "push_queue",
            [
                "event_id": .text("evt_\(tag)"), "project_id": .text(project), "environment": "sandbox", "token": .text("aa\(tag)"),
                "owner_kind": "email", "owner_value": .text(email), "kind": "alert", "apns_id": .text("apns-\(tag)"),
                "status": "pending", "next_attempt_ms": 1, "created_at": at, "created_ms": 1,
            ])
        try insert(
            "integrations",
            [
                "id": .text("int_\(tag)"), "kind": "telegram", "organization_id": .text(org), "project_id": .text(project),
                "app_name": .text("App \(tag)"), "mode": "polling", "sealed_token": .text("sealed-bot-\(tag)"),
                "sealed_secret": .text("sealed-secret-\(tag)"), "bot_id": .text("bot_\(tag)"), "bot_username": .text("\(tag)_bot"),
                "created_at": at,
            ])
        let integration = SQLValue.text("int_\(tag)")
        try insert(
            "integration_groups",
            [
                "integration_id": integration, "chat_id": "-100", "title": .text("Support \(tag)"), "is_forum": 1, "bot_status": "admin",
                "seen_at": at,
            ])
        try insert(
            "integration_members",
            ["integration_id": integration, "telegram_user_id": "42", "member_id": .text(member), "name": .text("Ana \(tag)")])
        try insert(
            "integration_threads",
            [
                "integration_id": integration, "subject_kind": "chat", "subject_id": .text("cnv_\(tag)"), "chat_id": "-100",
                "state": "open", "topic_name": .text(email), "created_at": at,
            ])
        try insert(
            "integration_messages",
            [
                "integration_id": integration, "chat_id": "-100", "message_id": 7, "subject_kind": "chat",
                "subject_id": .text("cnv_\(tag)"), "created_ms": 1,
            ])
        try insert(
            "integration_queue",
            [
                "integration_id": integration, "event_id": .text("evt_\(tag)"), "subject_kind": "chat", "subject_id": .text("cnv_\(tag)"),
                "text": .text("Help from \(email)"), "next_attempt_ms": 1, "created_ms": 1,
            ])
        try insert(
            "discord_states",
            [
                "state_hash": .text("hash_\(tag)"), "organization_id": .text(org), "project_id": .text(project),
                "app_name": .text("App \(tag)"), "redirect_uri": "https://hub.example/cb", "hub_url": "https://hub.example",
                "expires_ms": 1,
            ])
        try insert(
            "discord_installations",
            [
                "project_id": .text(project), "organization_id": .text(org), "app_name": .text("App \(tag)"), "guild_id": "g1",
                "guild_name": .text("Guild \(tag)"), "installer_user_id": "u1", "created_at": at,
            ])
        try insert(
            "discord_threads",
            [
                "project_id": .text(project), "subject_kind": "report", "subject_id": .text("fb_\(tag)"), "name": .text(email),
                "created_at": at,
            ])
        try insert(
            "discord_outbox",
            [
                "project_id": .text(project), "event_id": .text("evt_\(tag)"), "subject_kind": "report", "subject_id": .text("fb_\(tag)"),
                "text": .text("Report from \(email)"), "next_attempt_ms": 1, "created_ms": 1,
            ])
        try insert(
            "email_alerts_pending",
            [
                "event_id": .text("evt_\(tag)"), "kind": "new_conversation", "project_id": .text(project), "next_attempt_ms": 1,
                "created_ms": 1,
            ])
        // One email of each kind: an alert, a digest, an invitation and a reporter's reply.
        for (key, kind) in [
            ("alert:evt_\(tag):\(member)", "alert"), ("digest:\(member):2026-11-20", "digest"), ("invite:inv_\(tag)", "invitation"),
            ("reply:rep_\(tag)", "reply"),
        ] {
            try insert(
                "email_queue",
                [
                    "dedupe_key": .text(key), "kind": .text(kind), "recipient": .text(email), "subject": .text("About App \(tag)"),
                    "text_body": "", "html_body": "", "state": "sent", "next_attempt_ms": 1, "created_ms": 1, "updated_ms": 1,
                ])
        }
        return ErasureApplyRequest(
            erasureId: "era_\(tag)", subject: .organization(org, projectIds: [project]),
            organizationRecords: ErasureOrganizationRecords(memberIds: [member], invitationIds: ["inv_\(tag)"], replyIds: ["rep_\(tag)"]))
    }

    func testErasingAnOrganizationLeavesNoneOfItsDevicesIntegrationsOrEmailsAndKeepsTheOthers() throws {
        // Given two organizations with rows in every table of pushd.sqlite that names one
        let request = try seed("acmegone")
        _ = try seed("bettykept")
        let before = try StoreTextScan.rows(db, holding: ["bettykept"])
        XCTAssertEqual(
            Set(try StoreTextScan.rows(db, holding: ["acmegone"]).keys), try StoreTextScan.tables(db).subtracting(["discord_meta"]),
            "the seed reaches every table but the global Discord pause")

        // When pushd is asked to erase the first
        let report = try client.call(ErasureOrganization.self, request, timeout: 5).get()

        // Then no row names it, and the report counts what went by kind
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["acmegone"]), [:])
        XCTAssertEqual(
            report.erased,
            [
                "events": 2, "pushCredentials": 1, "devices": 1, "queuedPushes": 1, "telegramConnections": 1, "telegramGroups": 1,
                "telegramMembers": 1, "telegramThreads": 1, "telegramMessages": 1, "telegramQueue": 1, "discordStates": 1,
                "discordConnections": 1, "discordThreads": 1, "discordQueue": 1, "pendingAlerts": 1, "emails": 4,
            ])
        // And the other organization's rows are as they were
        XCTAssertEqual(try StoreTextScan.rows(db, holding: ["bettykept"]), before)

        // When it is asked again
        let again = try client.call(ErasureOrganization.self, request, timeout: 5).get()

        // Then nothing is left to count
        XCTAssertEqual(again.erased, [:])
    }
}
