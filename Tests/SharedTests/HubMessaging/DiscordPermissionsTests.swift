import Foundation
import XCTest

@testable import HubMessaging

final class DiscordPermissionsTests: XCTestCase {
    private typealias P = DiscordPermissions

    // Discord's documented bit values, as literals.
    private let view: UInt64 = 1024
    private let send: UInt64 = 2048
    private let manage: UInt64 = 8192
    private let embed: UInt64 = 16384
    private let history: UInt64 = 65536
    private let admin: UInt64 = 8

    private let guild = "100"
    private let owner = "900"
    private let user = "500"
    private let support = "201"
    private let muted = "202"

    private func compute(
        roles: [P.Role], memberRoles: [String], overwrites: [P.Overwrite] = [], userId: String? = nil
    ) -> UInt64 {
        P.compute(
            guildId: guild, ownerId: owner, userId: userId ?? user, roles: roles, memberRoleIds: memberRoles,
            overwrites: overwrites)
    }

    func testBitValuesAndRequiredSets() {
        // Given Discord's documented flags
        // Then the constants are those bits, and the bot's set is View Channel, Send Messages,
        // Embed Links, Read Message History, Create Public Threads and Send Messages in Threads
        XCTAssertEqual(
            [
                P.administrator, P.viewChannel, P.sendMessages, P.manageMessages, P.embedLinks, P.readMessageHistory,
                P.createPublicThreads, P.sendMessagesInThreads,
            ],
            [8, 1024, 2048, 8192, 16384, 65536, 34_359_738_368, 274_877_906_944])
        XCTAssertEqual(P.botRequired, 309_237_730_304)
        XCTAssertEqual(P.replyRequired, 9216)
        XCTAssertTrue(P.allows(309_237_730_304 | manage, P.botRequired))
        XCTAssertFalse(P.allows(309_237_730_304 & ~history, P.botRequired))
    }

    func testBaseIsEveryoneRoleAndTheMembersRolesOnly() {
        // Given @everyone with View Channel, a support role with Send Messages and a role the
        // member does not have with Manage Messages
        let roles = [
            P.Role(id: guild, permissions: view), P.Role(id: support, permissions: send),
            P.Role(id: "203", permissions: manage),
        ]
        // When computed for a member with and without the support role
        let withRole = compute(roles: roles, memberRoles: [support])
        let without = compute(roles: roles, memberRoles: [])
        // Then the member's roles add to @everyone, and roles they lack add nothing
        XCTAssertEqual(withRole, view | send)
        XCTAssertEqual(without, view)
        // And without an @everyone role the base is the member's roles alone
        XCTAssertEqual(compute(roles: [P.Role(id: support, permissions: send)], memberRoles: [support]), send)
    }

    func testOwnerHasEverythingWhateverTheOverwrites() {
        // Given a channel denying everything to @everyone and to the owner by name
        let roles = [P.Role(id: guild, permissions: view | send)]
        let overwrites = [
            P.Overwrite(id: guild, type: .role, allow: 0, deny: .max),
            P.Overwrite(id: owner, type: .member, allow: 0, deny: .max),
        ]
        // When computed for the owner and for another member with the same roles
        let ownerPermissions = compute(roles: roles, memberRoles: [], overwrites: overwrites, userId: owner)
        let other = compute(roles: roles, memberRoles: [], overwrites: overwrites)
        // Then the owner has every bit and the other member nothing
        XCTAssertEqual(ownerPermissions, .max)
        XCTAssertEqual(other, 0)
    }

    func testAdministratorFromARoleHasEverythingButNotFromAnOverwrite() {
        // Given an admin role and a channel that denies everything to @everyone and the admin role
        let roles = [P.Role(id: guild, permissions: view), P.Role(id: support, permissions: admin)]
        let overwrites = [
            P.Overwrite(id: guild, type: .role, allow: 0, deny: .max),
            P.Overwrite(id: support, type: .role, allow: 0, deny: .max),
            P.Overwrite(id: muted, type: .role, allow: admin | send, deny: 0),
        ]
        // When computed for a member with the admin role
        let administrator = compute(roles: roles, memberRoles: [support], overwrites: overwrites)
        // Then the channel cannot take anything away
        XCTAssertEqual(administrator, .max)
        // And Administrator granted only by a channel overwrite is just a bit, not everything
        let viaOverwrite = compute(roles: roles, memberRoles: [muted], overwrites: overwrites)
        XCTAssertEqual(viaOverwrite, admin | send)
        XCTAssertNotEqual(viaOverwrite, .max)
    }

    func testEveryoneOverwriteDeniesSendAndARoleOverwriteRestoresIt() {
        // Given @everyone may view and send, the channel denies Send Messages to @everyone and
        // allows it again for the support role
        let roles = [P.Role(id: guild, permissions: view | send | history), P.Role(id: support, permissions: 0)]
        let denyEveryone = P.Overwrite(id: guild, type: .role, allow: 0, deny: send)
        let restoreSupport = P.Overwrite(id: support, type: .role, allow: send, deny: 0)
        // When computed for a member without the role, with the role, and with no overwrites
        let plain = compute(roles: roles, memberRoles: [], overwrites: [denyEveryone, restoreSupport])
        let supporter = compute(roles: roles, memberRoles: [support], overwrites: [denyEveryone, restoreSupport])
        let untouched = compute(roles: roles, memberRoles: [], overwrites: [])
        // Then @everyone's deny removes Send Messages, the role's allow gives it back
        XCTAssertEqual(plain, view | history)
        XCTAssertEqual(supporter, view | send | history)
        XCTAssertEqual(untouched, view | send | history)
    }

    func testEveryoneOverwriteAllowsBeforeRoleOverwritesDeny() {
        // Given @everyone lacks Embed Links, the channel allows it to @everyone and the muted role denies it
        let roles = [P.Role(id: guild, permissions: view), P.Role(id: muted, permissions: 0)]
        let overwrites = [
            P.Overwrite(id: muted, type: .role, allow: 0, deny: embed),
            P.Overwrite(id: guild, type: .role, allow: embed, deny: 0),
        ]
        // When computed with and without the muted role
        // Then the role overwrite applies after @everyone's whatever the list order
        XCTAssertEqual(compute(roles: roles, memberRoles: [], overwrites: overwrites), view | embed)
        XCTAssertEqual(compute(roles: roles, memberRoles: [muted], overwrites: overwrites), view)
    }

    func testRoleOverwritesDenyAllThenAllowAll() {
        // Given two roles of the member: one's overwrite denies Send Messages, the other's allows it
        let roles = [P.Role(id: guild, permissions: view | send), P.Role(id: support, permissions: 0)]
        let deny = P.Overwrite(id: muted, type: .role, allow: 0, deny: send)
        let allow = P.Overwrite(id: support, type: .role, allow: send, deny: 0)
        // When computed with both roles, in either overwrite order, and with the denying role alone
        let both = compute(roles: roles, memberRoles: [muted, support], overwrites: [allow, deny])
        let bothReversed = compute(roles: roles, memberRoles: [support, muted], overwrites: [deny, allow])
        let mutedOnly = compute(roles: roles, memberRoles: [muted], overwrites: [allow, deny])
        // Then an allow of any of the member's roles beats a deny of another
        XCTAssertEqual(both, view | send)
        XCTAssertEqual(bothReversed, view | send)
        XCTAssertEqual(mutedOnly, view)
    }

    func testMemberOverwriteComesLastAndOnlyForThatMember() {
        // Given the support role is allowed Manage Messages and the member denied it by name
        let roles = [P.Role(id: guild, permissions: view), P.Role(id: support, permissions: 0)]
        let overwrites = [
            P.Overwrite(id: user, type: .member, allow: history, deny: manage),
            P.Overwrite(id: support, type: .role, allow: manage, deny: 0),
        ]
        // When computed for that member and for another member with the same role
        let named = compute(roles: roles, memberRoles: [support], overwrites: overwrites)
        let other = compute(roles: roles, memberRoles: [support], overwrites: overwrites, userId: "501")
        // Then the member's own overwrite wins for them only
        XCTAssertEqual(named, view | history)
        XCTAssertEqual(other, view | manage)
        XCTAssertTrue(P.allows(other, P.replyRequired))
        XCTAssertFalse(P.allows(named, P.replyRequired))
    }

    func testOverwriteTypeMustMatch() {
        // Given a member overwrite whose ID equals a role ID, and a role overwrite whose ID equals the user's
        let roles = [P.Role(id: guild, permissions: view), P.Role(id: support, permissions: 0)]
        let overwrites = [
            P.Overwrite(id: support, type: .member, allow: send, deny: 0),
            P.Overwrite(id: user, type: .role, allow: manage, deny: 0),
        ]
        // When computed for a member with that role
        // Then neither applies
        XCTAssertEqual(compute(roles: roles, memberRoles: [support], overwrites: overwrites), view)
        // And with the matching types both do
        let matching = [
            P.Overwrite(id: support, type: .role, allow: send, deny: 0),
            P.Overwrite(id: user, type: .member, allow: manage, deny: 0),
        ]
        XCTAssertEqual(compute(roles: roles, memberRoles: [support], overwrites: matching), view | send | manage)
    }

    // MARK: JSON

    func testDecodesDiscordsJSONWithDecimalStrings() throws {
        // Given a role and a channel's overwrites as Discord answers them, with fields the hub ignores
        let role = #"{"id":"100","name":"@everyone","color":0,"permissions":"274877975552","position":0}"#
        let overwrites = #"[{"id":"201","type":0,"allow":"2048","deny":"0"},{"id":"500","type":1,"allow":"0","deny":"1024"}]"#
        // When decoded
        let decodedRole = try JSONDecoder().decode(P.Role.self, from: Data(role.utf8))
        let decodedOverwrites = try JSONDecoder().decode([P.Overwrite].self, from: Data(overwrites.utf8))
        // Then bits above 2^32 survive and the types are read from 0 and 1
        XCTAssertEqual(decodedRole, P.Role(id: "100", permissions: (1 << 38) | 68608))
        XCTAssertEqual(
            decodedOverwrites,
            [
                P.Overwrite(id: "201", type: .role, allow: 2048, deny: 0),
                P.Overwrite(id: "500", type: .member, allow: 0, deny: 1024),
            ])
    }

    func testEncodesDecimalStringsAndRefusesNumbers() throws {
        // Given an overwrite
        let overwrite = P.Overwrite(id: "201", type: .role, allow: 1 << 35, deny: 8)
        // When encoded
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(overwrite), as: UTF8.self)
        // Then the sets are strings, as Discord sends them
        XCTAssertEqual(json, #"{"allow":"34359738368","deny":"8","id":"201","type":0}"#)
        // And a number, a negative or a non-decimal string is refused rather than read as no permissions
        for bad in [#"{"id":"1","permissions":8}"#, #"{"id":"1","permissions":"-8"}"#, #"{"id":"1","permissions":"0x8"}"#] {
            XCTAssertThrowsError(try JSONDecoder().decode(P.Role.self, from: Data(bad.utf8)), bad)
        }
    }
}
