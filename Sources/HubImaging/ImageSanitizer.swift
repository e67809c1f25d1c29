import CVips
import Foundation

/// Turns uploaded image bytes into a safe JPEG: the format is checked against the declared
/// type, the pixels are fully decoded, the size is bounded and every metadata block (EXIF with
/// GPS, XMP, IPTC, ICC) is dropped by re-encoding.
public enum ImageSanitizer {
    /// Above this many pixels per side an upload is refused before its pixels are decoded,
    /// so a small file cannot claim a huge canvas.
    public static let maxSourceEdge = 20_000
    /// Above this many pixels (width × height) an upload is refused from its header too:
    /// decoding 20,000 × 20,000 would take seconds and gigabytes.
    public static let maxSourcePixels = 40_000_000
    /// JPEG quality of the output.
    public static let quality = 85

    /// libvips loader per accepted content type, by class name (what 8.14 answers) and by
    /// nickname, in case another version of `vips_foreign_find_load_buffer` answers that.
    private static let loaders: [String: Set<String>] = [
        "image/jpeg": ["jpegload_buffer", "VipsForeignLoadJpegBuffer"],
        "image/png": ["pngload_buffer", "VipsForeignLoadPngBuffer"],
        "image/webp": ["webpload_buffer", "VipsForeignLoadWebpBuffer"],
    ]

    /// libvips starts once per process; a failed start is kept so every call reports it.
    private static let started: Bool = an_vips_init() == 0

    /// Checks and re-encodes `bytes` declared as `declaredType` (parameters such as
    /// `; charset` are ignored). The output's longest edge is at most `maxEdge`; smaller
    /// images keep their size. Decoding takes up to a second of CPU: servers call this from
    /// a worker of its own, never from an HTTP thread.
    public static func sanitize(
        _ bytes: [UInt8], declaredType: String,
        maxBytes: Int = 5 << 20, maxEdge: Int = 2048
    ) throws -> SanitizedImage {
        guard bytes.count <= maxBytes else { throw ImageSanitizerError.tooLarge }
        guard let accepted = loaders[normalized(declaredType)] else { throw ImageSanitizerError.unsupportedType }
        guard started, !bytes.isEmpty else { throw ImageSanitizerError.undecodable }
        defer { an_vips_error_clear() }
        return try bytes.withUnsafeBytes { raw -> SanitizedImage in
            guard let base = raw.baseAddress else { throw ImageSanitizerError.undecodable }
            guard let loaderName = an_vips_loader_name(base, raw.count) else {
                throw ImageSanitizerError.undecodable
            }
            guard accepted.contains(String(cString: loaderName)) else { throw ImageSanitizerError.typeMismatch }
            // libvips reads from the buffer lazily without copying it, so every image made from
            // it must be released before the closure ends.
            guard let source = an_vips_load_buffer(base, raw.count) else { throw ImageSanitizerError.undecodable }
            defer { an_vips_unref(source) }
            guard an_vips_pages(source) <= 1 else { throw ImageSanitizerError.animated }
            let width = Int(an_vips_width(source))
            let height = Int(an_vips_height(source))
            guard (1...maxSourceEdge).contains(width), (1...maxSourceEdge).contains(height) else {
                throw ImageSanitizerError.invalidDimensions
            }
            guard width * height <= maxSourcePixels else { throw ImageSanitizerError.tooManyPixels }
            return try encode(source, maxEdge: max(1, maxEdge))
        }
    }

    /// Shrinks, flattens transparency and saves; saving pulls every pixel through the
    /// decoder, which is where truncated or corrupt data fails.
    private static func encode(_ source: UnsafeMutablePointer<VipsImage>, maxEdge: Int) throws -> SanitizedImage {
        var resized: UnsafeMutablePointer<VipsImage>?
        guard an_vips_thumbnail(source, Int32(clamping: maxEdge), &resized) == 0, var image = resized else {
            throw ImageSanitizerError.undecodable
        }
        defer { an_vips_unref(image) }
        if an_vips_has_alpha(image) != 0 {
            var flat: UnsafeMutablePointer<VipsImage>?
            guard an_vips_flatten_white(image, &flat) == 0, let flattened = flat else {
                throw ImageSanitizerError.undecodable
            }
            an_vips_unref(image)
            image = flattened
        }
        var output: UnsafeMutableRawPointer?
        var length = 0
        guard an_vips_jpeg_buffer(image, Int32(quality), &output, &length) == 0, let output else {
            throw ImageSanitizerError.undecodable
        }
        defer { an_vips_free(output) }
        let jpeg = [UInt8](UnsafeRawBufferPointer(start: output, count: length))
        return SanitizedImage(jpeg: jpeg, width: Int(an_vips_width(image)), height: Int(an_vips_height(image)))
    }

    private static func normalized(_ contentType: String) -> String {
        let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return essence.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
