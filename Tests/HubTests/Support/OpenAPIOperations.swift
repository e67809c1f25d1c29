import Foundation

/// A set of HTTP operations (method and path) as a route table or an OpenAPI document lists
/// them, and what one set has that another lacks. A path parameter is compared by its place
/// only, so `{id}` and `{projectId}` are the same segment; a HEAD beside a GET of the same
/// path is left out, since the server answers it from the GET.
struct OpenAPIOperations {
    struct Operation: Hashable, Comparable, CustomStringConvertible {
        let method: String
        let path: String

        init(_ method: String, _ path: String) {
            self.method = method.uppercased()
            self.path = path.split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("{") && $0.hasSuffix("}") ? "{}" : String($0) }
                .joined(separator: "/")
        }

        var description: String { method + " " + path }

        static func < (a: Operation, b: Operation) -> Bool { (a.path, a.method) < (b.path, b.method) }
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    let operations: Set<Operation>

    init(_ pairs: [(method: String, path: String)]) {
        let all = Set(pairs.map { Operation($0.method, $0.path) })
        operations = all.filter { $0.method != "HEAD" || !all.contains(Operation("GET", $0.path)) }
    }

    /// The operations of a document's top-level `paths:` section: each path key at two spaces
    /// of indentation, and under it each method key at four. Comments, blank lines, other
    /// keys and everything nested deeper are not operations.
    init(yaml: String) {
        var pairs: [(method: String, path: String)] = []
        var inPaths = false
        var path: String?
        for raw in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw[...]
            let text = line.drop { $0 == " " }
            if text.isEmpty || text.hasPrefix("#") { continue }
            let indent = line.count - text.count
            if indent == 0 {
                inPaths = text.hasPrefix("paths:")
                path = nil
                continue
            }
            guard inPaths, let colon = text.firstIndex(of: ":") else { continue }
            let key = text[..<colon].trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
            if indent == 2 {
                path = key.hasPrefix("/") ? key : nil
            } else if indent == 4, let path, OpenAPIOperations.methods.contains(key) {
                pairs.append((key, path))
            }
        }
        self.init(pairs)
    }

    /// Those of `self` that `other` lacks, sorted by path.
    func missing(from other: OpenAPIOperations) -> [Operation] {
        operations.subtracting(other.operations).sorted()
    }

    /// nil when both list the same operations; else what each lacks, named.
    static func mismatch(tables: OpenAPIOperations, document: OpenAPIOperations) -> String? {
        let undocumented = tables.missing(from: document)
        let unserved = document.missing(from: tables)
        if undocumented.isEmpty && unserved.isEmpty { return nil }
        return "in a route table but not in docs/openapi.yaml: \(undocumented.map(\.description)); "
            + "in docs/openapi.yaml but in no route table: \(unserved.map(\.description))"
    }
}
