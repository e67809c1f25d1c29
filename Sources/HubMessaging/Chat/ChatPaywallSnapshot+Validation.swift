import Foundation

/// The SDK's snapshot rules, checked whole: every problem is reported, keyed by a JSON path
/// such as `paywalls[2].products[0].period`, and an invalid snapshot is refused rather than trimmed.
extension ChatPaywallSnapshot {
    public static let maximumPaywalls = 20
    public static let maximumProductsPerPaywall = 10
    public static let maximumProducts = 40
    public static let maximumPaywallIDLength = 64
    /// In UTF-16 code units, as the SDK counts.
    public static let maximumTitleLength = 60
    public static let maximumProductIDLength = 100
    public static let maximumPriceLength = 40
    public static let maximumSourceLength = 64

    /// Every rule the snapshot breaks, by field path; empty when valid.
    public func problems() -> [String: [String]] {
        var found: [String: [String]] = [:]
        func add(_ field: String, _ problem: String) { found[field, default: []].append(problem) }

        if paywalls.count > Self.maximumPaywalls {
            add("paywalls", "must have at most \(Self.maximumPaywalls) paywalls")
        }
        let total = paywalls.reduce(0) { $0 + $1.products.count }
        if total > Self.maximumProducts {
            add("paywalls", "must have at most \(Self.maximumProducts) products in total")
        }
        var seenPaywalls = Set<String>()
        for (index, paywall) in paywalls.enumerated() {
            let path = "paywalls[\(index)]"
            if !Self.isPaywallID(paywall.id) {
                add("\(path).id", "must be 1-\(Self.maximumPaywallIDLength) characters of A-Z a-z 0-9 _ . -")
            } else if !seenPaywalls.insert(paywall.id).inserted {
                add("\(path).id", "duplicates another paywall")
            }
            if Self.isBlank(paywall.title) {
                add("\(path).title", "must not be empty")
            } else if paywall.title.utf16.count > Self.maximumTitleLength {
                add("\(path).title", "must be at most \(Self.maximumTitleLength) UTF-16 units")
            }
            if Self.isBlank(paywall.source) || paywall.source.count > Self.maximumSourceLength {
                add("\(path).source", "must be 1-\(Self.maximumSourceLength) characters")
            }
            if paywall.products.count > Self.maximumProductsPerPaywall {
                add("\(path).products", "must have at most \(Self.maximumProductsPerPaywall) products")
            }
            var seenProducts = Set<String>()
            for (productIndex, product) in paywall.products.enumerated() {
                checkProduct(product, path: "\(path).products[\(productIndex)]", seen: &seenProducts, add: add)
            }
        }
        if let plan { checkPlan(plan, add: add) }
        return found
    }

    /// Throws 400 `INVALID_PAYLOAD` listing every problem.
    public func validate() throws {
        let found = problems()
        guard !found.isEmpty else { return }
        let summary = found.keys.sorted().prefix(3).map { "\($0): \(found[$0]!.joined(separator: ", "))" }
            .joined(separator: "; ")
        throw RPCError(
            code: ChatErrorCode.invalidPayload,
            message: "invalid paywall snapshot (\(found.count) fields): \(summary)", status: 400, fields: found)
    }

    private func checkProduct(
        _ product: ChatPaywallProduct, path: String, seen: inout Set<String>,
        add: (String, String) -> Void
    ) {
        if Self.isBlank(product.id) || product.id.count > Self.maximumProductIDLength {
            add("\(path).id", "must be 1-\(Self.maximumProductIDLength) characters")
        } else if !seen.insert(product.id).inserted {
            add("\(path).id", "duplicates another product of the paywall")
        }
        if Self.isBlank(product.price) || product.price.count > Self.maximumPriceLength {
            add("\(path).price", "must be a localized price of 1-\(Self.maximumPriceLength) characters")
        }
        if Self.durationAmount(product.period) == nil {
            add("\(path).period", "must be an ISO-8601 duration such as P1M, or P0D for a one-time product")
        }
        if let trial = product.trial {
            // A zero trial is no trial; the SDK sends none instead.
            if (Self.durationAmount(trial) ?? 0) == 0 {
                add("\(path).trial", "must be an ISO-8601 duration such as P7D")
            }
        }
    }

    private func checkPlan(_ plan: ChatPaywallSubscriptionMetadata, add: (String, String) -> Void) {
        if plan.subscriptionStatus != "active" && plan.subscriptionStatus != "none" {
            add("plan.subscription_status", "must be active or none")
        }
        if let product = plan.plan, Self.isBlank(product) || product.count > Self.maximumProductIDLength {
            add("plan.plan", "must be a product ID of 1-\(Self.maximumProductIDLength) characters")
        }
        if let date = plan.renewsOn, !Self.isDay(date) { add("plan.renews_on", "must be a date as YYYY-MM-DD") }
        if let date = plan.expiresOn, !Self.isDay(date) { add("plan.expires_on", "must be a date as YYYY-MM-DD") }
        if plan.renewsOn != nil && plan.expiresOn != nil {
            add("plan.expires_on", "must not be given together with renews_on")
        }
        if let environment = plan.environment, environment != "sandbox" {
            add("plan.environment", "must be sandbox or absent")
        }
    }

    /// Empty or only whitespace.
    public static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    static func isPaywallID(_ id: String) -> Bool {
        (1...maximumPaywallIDLength).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2E || byte == 0x2D
            }
    }

    /// The count of `P<digits><D|W|M|Y>`, or nil for any other text.
    static func durationAmount(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes.count <= 6, bytes.first == 0x50, let unit = bytes.last,
            [0x44, 0x57, 0x4D, 0x59].contains(unit)
        else { return nil }
        let digits = bytes[1..<(bytes.count - 1)]
        guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// A real calendar day written `YYYY-MM-DD`.
    static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month)
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}
