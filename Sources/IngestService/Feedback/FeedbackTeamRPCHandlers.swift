import Foundation
import HubHTTPServer
import HubMessaging

/// `feedback.team.reply` and `feedback.team.status` on ingest's RPC server: a chat-ops
/// integration (pushd) answers a report or sets its status for someone in its group. The work is
/// `ReportWork`'s, the operator API's, so the checks, limits, timeline rows and outbox events
/// are the same; an `APIError` goes back as an `RPCError` with its code and status.
enum FeedbackTeamRPCHandlers {
    /// The idempotency key is the provider's message ID (docs/feedback.md, "Replies from an integration").
    static let idempotencyKey = 1...128
    /// Longest outside author's name kept with a reply.
    static let authorName = 1...128

    static func install(on rpc: RPCServer, store: IngestStore) {
        let work = ReportWork(store: store)
        rpc.register(FeedbackTeamReply.self) { request, _ in
            try answering {
                guard idempotencyKey.contains(request.idempotencyKey.count) else {
                    throw APIError.invalidPayload(["idempotencyKey": ["must be 1-128 characters"]])
                }
                let actor = try author(
                    request.author, name: request.authorName, reportId: request.reportId, projectId: request.projectId,
                    store: store)
                let reply = try work.reply(
                    id: request.reportId, message: request.message, internal: false, by: actor,
                    idempotencyKey: request.idempotencyKey, source: request.source)
                return FeedbackTeamReply.Response(replyId: reply.id, replayed: reply.replayed, convertedToNote: reply.convertedToNote)
            }
        }
        rpc.register(FeedbackTeamStatus.self) { request, _ in
            try answering {
                let actor = try author(request.author, name: nil, reportId: request.reportId, projectId: request.projectId, store: store)
                let changed = try work.update(
                    id: request.reportId, ReportWork.Triage(status: request.status), by: actor, source: request.source)
                return FeedbackTeamStatus.Response(status: request.status, changed: changed)
            }
        }
    }

    /// The actor for `author` on a report of `projectId` (else 404 `NOT_FOUND`): `member:<id>`
    /// a member of the report's organization with their role, `telegram:<user id>` or
    /// `discord:<user id>` an outside
    /// author with the member role (every role may answer reports), known by `name`.
    static func author(_ author: String, name: String?, reportId: String, projectId: String, store: IngestStore) throws -> AccountActor {
        guard let organizationId = try store.reportOrganization(id: reportId, projectId: projectId) else {
            throw APIError.adminNotFound("feedback")
        }
        if author.hasPrefix("member:") {
            guard let member = try store.member(id: String(author.dropFirst(7)), organizationId: organizationId) else {
                throw APIError.invalidPayload(["author": ["is not a member of this organization"]])
            }
            return AccountActor(organizationId: organizationId, role: member.role, memberId: member.id)
        }
        let outside = ["telegram:", "discord:"].first { author.hasPrefix($0) }
        guard let outside, author.count > outside.count, author.count <= 64 else {
            throw APIError.invalidPayload(["author": ["must be member:<id>, telegram:<user id> or discord:<user id>"]])
        }
        if let name, !authorName.contains(name.count) {
            throw APIError.invalidPayload(["authorName": ["must be 1-128 characters"]])
        }
        return AccountActor(organizationId: organizationId, role: .member, memberId: nil, externalId: author, externalName: name)
    }

    /// Runs `work`, answering an `APIError` as the `RPCError` with its code, status and fields.
    static func answering<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as APIError {
            throw RPCError(code: error.code, message: error.message, status: error.status, fields: error.fields)
        }
    }
}
