import HubMessaging

/// `update_metadata`: previews a localization's metadata change (the current values, the
/// result, and the operator API's validation findings as warnings) and publishes it through
/// `POST /projects/{id}/metadata/publish`. Executing takes the preview's `diff.before` back as
/// `expected`; asod rereads Apple's values in the publishing call, so a field changed in App
/// Store Connect since the preview answers `STALE` and nothing is written.
struct UpdateMetadataTool: MCPTool {
    let name = "update_metadata"
    let title = "Update metadata"
    let description = """
        Previews (dry_run=true, the default) or publishes a change to one localization's metadata: name, subtitle, \
        keywords, promotionalText, description, whatsNew (omitted or null: unchanged). The preview's diff.before is the \
        localization now and diff.after the result; warnings hold the validation findings (errors block publishing). \
        To execute, send the same changes with dry_run=false and expected set to the preview's diff.before; a value \
        changed since then answers STALE.
        """
    let mutation = MCPMutation.Kind.dryRun

    var inputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("app_id", MCPSchema.appId), ("locale", MCPSchema.locale("The localization to change.")),
                ("changes", MCPSchema.metadataFieldArguments("The fields to change, with their new values.")),
                ("expected", MCPSchema.metadataFieldArguments("The preview's diff.before, required to execute.")),
            ] + MCPSchema.mutationArguments(confirm: false), required: ["app_id", "locale", "changes"])
    }

    var outputSchema: MCPJSON {
        MCPSchema.object(
            [
                ("locale", MCPSchema.string("The localization.")),
                ("result", MCPSchema.string("PUBLISHED or NO_CHANGES once executed; null for a preview.", nullable: true)),
                ("published", MCPSchema.array(MCPSchema.string("A field."), "The fields that reached Apple (empty for a preview).")),
            ] + MCPSchema.mutationResult, required: ["locale", "result", "published", "dry_run", "executed", "diff"])
    }

    func call(_ arguments: MCPArguments, _ context: MCPToolContext) async throws -> MCPJSON {
        let locale = arguments.string("locale") ?? ""
        let changes = UpdateMetadataTool.given(arguments["changes"])
        if context.decision == .execute {
            guard let expected = arguments["expected"] else {
                throw MCPToolError.invalidInput(
                    message: "Executing needs expected: the preview's diff.before.", fields: ["expected": ["is required to execute"]])
            }
            let published = try await context.operatorCall(
                context.services.metadata.publish, "POST", path: ["id": arguments.string("app_id") ?? ""],
                body: ["locale": .string(locale), "expected": expected, "changes": changes])
            let before = MCPJSON.object(ASCMetadataFields.all.map { ($0, expected[$0] ?? .null) })
            return .object(
                [("locale", .string(locale)), ("result", published["result"] ?? .null), ("published", published["published"] ?? [])]
                    + MCPMutation.result(
                        .execute, before: before, after: UpdateMetadataTool.applying(changes, to: before), warnings: [], kind: mutation,
                        arguments: arguments))
        }
        let document = try await GetMetadataTool.read(arguments, context)
        let before = GetMetadataTool.fields(try GetMetadataTool.localization(locale, in: document))
        let after = UpdateMetadataTool.applying(changes, to: before)
        var warnings: [String] = []
        if document["editable"]?.bool != true {
            warnings.append("The version is not editable (\(document["versionState"]?.string ?? "no version")): executing is refused.")
        }
        if after == before { warnings.append("Nothing differs from the current values: executing publishes nothing.") }
        if let expected = arguments["expected"], UpdateMetadataTool.applying(UpdateMetadataTool.given(expected), to: before) != before {
            warnings.append("expected differs from the current values: executing answers STALE; use this preview's diff.before.")
        }
        let validation = try context.operatorCall(
            context.services.metadata.validate, "POST", path: ["id": arguments.string("app_id") ?? ""], body: ["fields": after])
        for problem in validation["problems"]?.array ?? [] {
            let severity = problem["severity"]?.string ?? "error"
            warnings.append(
                "\(severity) \(problem["code"]?.string ?? ""): \(problem["message"]?.string ?? "")"
                    + (severity == "error" ? " Executing is refused until it is fixed." : ""))
        }
        return .object(
            [("locale", .string(locale)), ("result", .null), ("published", [])]
                + MCPMutation.result(.preview, before: before, after: after, warnings: warnings, kind: mutation, arguments: arguments))
    }

    /// The members of a fields argument that carry a value (null means "not part of this call").
    static func given(_ fields: MCPJSON?) -> MCPJSON {
        .object(ASCMetadataFields.all.compactMap { name in fields?[name].flatMap { $0 == .null ? nil : (name, $0) } })
    }

    /// `base` with each given member of `changes` replaced.
    static func applying(_ changes: MCPJSON, to base: MCPJSON) -> MCPJSON {
        var out = base
        for (name, value) in changes.members ?? [] { out = out.setting(name, value) }
        return out
    }
}
