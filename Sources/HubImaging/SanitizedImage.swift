/// A re-encoded upload: a baseline JPEG without metadata, and its pixel size.
public struct SanitizedImage: Equatable, Sendable {
    public let jpeg: [UInt8]
    public let width: Int
    public let height: Int

    public init(jpeg: [UInt8], width: Int, height: Int) {
        self.jpeg = jpeg
        self.width = width
        self.height = height
    }
}
