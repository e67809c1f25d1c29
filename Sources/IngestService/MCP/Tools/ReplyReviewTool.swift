import HubHTTPServer
import HubMessaging

/// `reply_review`: previews, or publishes with Apple, the developer response to one review
/// through the operator API's `PUT /projects/{id}/reviews/{reviewId}/response` (which creates
/// or replaces it and records Apple's state). The preview reads the stored review and checks
/// the text as that route does; nothing reaches Apple until dry_run=false.
struct ReplyReviewTool: MCPTool {
    let name = "reply_review"
    let title = "Reply to a review"
    let description = """
        Preview (dry_run=true, the default) or publish the developer response to a review from list_reviews. \
        diff.before is the response Apple holds now (null: none), diff.after the one sent; publishing replaces an \
        existing response, and Apple reviews it before it shows (state PENDING_PUBLISH).
        """
    let mutation = MCPMutation.Kind.dryRun

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.string("The app, from list_apps.", minLength: 1, maxLength: 64)),
                ("review_id", MCPSchema.string("The review's id, from list_reviews.", minLength: 1, maxLength: 100)),
                (
                    "body",
                    MCPSchema.string("The response, 1-5,970 characters.", minLength: 1, maxLength: ASCReviewRespond.maximumBodyLength)
                ),
            ] + MCPSchema.mutationArguments(confirm: false), required: ["app_id", "review_id", "body"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [("review_id", MCPSchema.string("The review answered."))] + MCPSchema.mutationResult,
            required: ["review_id", "dry_run", "executed", "diff"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let reviewId = arguments.string("review_id") ?? ""
        let path = ["id": arguments.string("app_id") ?? "", "reviewId": reviewId]
        let text: String
        do {
            text = try AdminReviewsHandler.responseText(arguments.string("body"))
        } catch let error as APIError {
            throw MCPToolError(error)
        }
        let review = try await context.operatorCall(context.services.reviews.get, path: path)
        let before = review["response"] ?? .null
        var warnings: [String] = []
        if before != .null {
            let state = before["state"]?.string ?? "unknown"
            warnings.append("The review already has a response (Apple's state \(state)): executing replaces it.")
            if before["body"]?.string == text { warnings.append("The response already says this: executing sends it again.") }
        }
        if context.decision == .preview {
            return .object(
                [("review_id", .string(reviewId))]
                    + MCPMutation.result(
                        .preview, before: before, after: ["body": .string(text)], warnings: warnings, kind: mutation, arguments: arguments))
        }
        let answered = try await context.operatorCall(context.services.reviews.respond, "PUT", path: path, body: ["body": .string(text)])
        return .object(
            [("review_id", .string(reviewId))]
                + MCPMutation.result(
                    .execute, before: before, after: answered["response"] ?? .null, warnings: warnings, kind: mutation, arguments: arguments
                ))
    }
}
