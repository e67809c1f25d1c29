import Foundation
import HubDaemon
import HubHTTPServer
import HubRuntime
import HubStore

/// `ingest user add --email E --role owner|admin|member [--org SLUG]`: makes the user and their
/// membership (organization `default` unless told, made when missing) and prints a one-time
/// setup link, valid 7 days, where they choose their password; there is no default password
/// (docs/accounts.md, "The first owner"). It opens `ingest.sqlite` itself, whether or not the
/// hub runs (WAL lets it; its one transaction is short), and prints only the link on stdout.
public enum UserAddCommand {
    static let usage = "usage: ingest user add --email EMAIL --role owner|admin|member [--org SLUG]\n"

    public static func run(
        arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        output: (String) -> Void = { print($0) }, errors: (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) -> Int32 {
        guard let options = parse(arguments) else {
            errors(usage)
            return 2
        }
        let email = Accounts.normalizedEmail(options.email)
        var problems = FieldErrors()
        let role = AdminValidation.choice(options.role, Role.self, "role", into: &problems)
        if !AdminMembersHandler.isEmail(email) { problems.add("email", "must be an email address") }
        if !AdminValidation.isSlug(options.organization) { problems.add("org", "must be an organization slug") }
        guard problems.isEmpty, let role else {
            errors(
                "ingest user add: "
                    + problems.fields.sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value.joined(separator: ", "))" }
                    .joined(separator: "; ") + "\n")
            return 2
        }
        do {
            let config = try HubConfig(environment: environment)
            let db = try StoreOpener.open(path: config.storePath(for: .ingest), migrations: IngestDaemon.migrations, logger: nil) {
                try Daemon.verifyOwner($0, .ingest)
            }
            defer { db.close() }
            let created = try IngestStore(db: db, clock: SystemClock())
                .addUserWithSetupCode(email: email, role: role, organizationSlug: options.organization)
            output(Accounts.link(code: created.code, base: base(config)))
            errors(
                "ingest user add: \(email) is \(role.rawValue) of '\(options.organization)'; the link works once, until \(created.record.expiresAt)\n"
            )
            return 0
        } catch let error as APIError {
            errors("ingest user add: \(error.code): \(error.message)\n")
            return 1
        } catch {
            errors("ingest user add: \(error)\n")
            return 1
        }
    }

    /// `APPNORTH_PUBLIC_URL`, else the address ingest listens on (a wildcard as loopback).
    static func base(_ config: HubConfig) -> String { config.publicBase }

    private static func parse(_ arguments: [String]) -> (email: String, role: String, organization: String)? {
        guard arguments.count >= 2, arguments[0] == "user", arguments[1] == "add" else { return nil }
        var values: [String: String] = [:]
        var rest = arguments.dropFirst(2)[...]
        while let flag = rest.popFirst() {
            guard ["--email", "--role", "--org"].contains(flag), values[flag] == nil, let value = rest.popFirst() else { return nil }
            values[flag] = value
        }
        guard let email = values["--email"], let role = values["--role"] else { return nil }
        return (email, role, values["--org"] ?? "default")
    }
}
