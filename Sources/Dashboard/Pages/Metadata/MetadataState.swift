import Foundation

/// What the editor was loaded with, carried through the edit, review and publish forms as one
/// hidden field: the localization, the ones Apple has, and Apple's values when they were read
/// (`expected`, what the publish checks against). Kept exact (base64 of JSON): a value sent back
/// through an ordinary field would come back with its line breaks changed by the browser.
public struct MetadataState: Codable, Sendable, Equatable {
    public var locale: String
    public var locales: [String]
    public var editable: Bool
    public var versionString: String?
    /// Field → Apple's value when loaded; absent where Apple has none.
    public var expected: [String: String]

    /// Longer than any honest state (six fields of at most 4,000 characters): refused unread.
    public static let maximumEncodedBytes = 96 * 1024

    public init(locale: String, locales: [String], editable: Bool, versionString: String?, expected: [String: String]) {
        self.locale = locale
        self.locales = locales
        self.editable = editable
        self.versionString = versionString
        self.expected = expected
    }

    public var encoded: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return ((try? encoder.encode(self)) ?? Data()).base64EncodedString()
    }

    public init?(encoded: String) {
        guard encoded.utf8.count <= Self.maximumEncodedBytes, let data = Data(base64Encoded: encoded),
            let state = try? JSONDecoder().decode(MetadataState.self, from: data)
        else { return nil }
        self = state
    }
}
