/// The rules every mutating tool shares (the seed's "Previsualizar y confirmar cambios"):
/// `dry_run` defaults to true and answers `diff.before`, `diff.after` and `diff.warnings`;
/// tools of kind `.confirmed` also need `confirm=true`, and without it answer the preview;
/// executing needs a `write` token whose author is an owner or admin (`WRITE_NOT_ALLOWED`);
/// a preview reserves nothing, so whatever it checked is checked again when executing.
enum MCPMutation {
    enum Kind: Equatable, Sendable {
        /// A read.
        case none
        /// Previews unless `dry_run=false`.
        case dryRun
        /// Previews unless `dry_run=false` and `confirm=true`.
        case confirmed
    }

    enum Decision: Equatable, Sendable {
        case preview
        case execute
    }

    static let confirmWarning = "Nothing was changed: executing needs dry_run=false and confirm=true."

    /// Preview or execute for `arguments`; throws `writeNotAllowed` when the caller asked to
    /// execute and may not. A call that does not ask to execute previews, whoever calls.
    static func decide(_ kind: Kind, _ arguments: MCPArguments, _ caller: AdminCaller) throws -> Decision {
        guard kind != .none else { return .execute }
        let dryRun = arguments.bool("dry_run", default: true)
        let confirm = arguments.bool("confirm", default: false)
        if dryRun || (kind == .confirmed && !confirm) { return .preview }
        guard caller.token.scope == .write, caller.token.role?.allows(.writeWithTokens) ?? false else {
            throw MCPToolError.writeNotAllowed
        }
        return .execute
    }

    /// The members of a mutation's result: `dry_run`, `executed`, `diff`. A `.confirmed` tool
    /// asked to execute without `confirm` gets `confirmWarning` first among its warnings.
    static func result(
        _ decision: Decision, before: MCPJSON, after: MCPJSON, warnings: [String], kind: Kind, arguments: MCPArguments
    ) -> [(String, MCPJSON)] {
        var all = warnings
        if decision == .preview, kind == .confirmed, !arguments.bool("dry_run", default: true), !arguments.bool("confirm", default: false) {
            all.insert(confirmWarning, at: 0)
        }
        return [
            ("dry_run", .bool(decision == .preview)), ("executed", .bool(decision == .execute)),
            ("diff", .object([("before", before), ("after", after), ("warnings", .array(all.map(MCPJSON.string)))])),
        ]
    }
}
