/// Why an uploaded image was refused; `code` is stable for API answers and logs.
public enum ImageSanitizerError: Error, Equatable, CustomStringConvertible {
    /// The upload is larger than the byte cap.
    case tooLarge
    /// The declared content type is not image/jpeg, image/png or image/webp.
    case unsupportedType
    /// The bytes are a different format from the declared content type.
    case typeMismatch
    /// The bytes could not be decoded (unknown, corrupt or truncated).
    case undecodable
    /// The image has more than one frame.
    case animated
    /// A side is 0 or above `ImageSanitizer.maxSourceEdge` pixels.
    case invalidDimensions
    /// Width × height is above `ImageSanitizer.maxSourcePixels`.
    case tooManyPixels

    public var code: String {
        switch self {
        case .tooLarge: return "IMAGE_TOO_LARGE"
        case .unsupportedType: return "IMAGE_UNSUPPORTED_TYPE"
        case .typeMismatch: return "IMAGE_TYPE_MISMATCH"
        case .undecodable: return "IMAGE_UNDECODABLE"
        case .animated: return "IMAGE_ANIMATED"
        case .invalidDimensions: return "IMAGE_INVALID_DIMENSIONS"
        case .tooManyPixels: return "IMAGE_TOO_MANY_PIXELS"
        }
    }

    public var description: String {
        switch self {
        case .tooLarge: return "\(code): the image is larger than allowed"
        case .unsupportedType: return "\(code): only image/jpeg, image/png and image/webp are accepted"
        case .typeMismatch: return "\(code): the bytes do not match the declared content type"
        case .undecodable: return "\(code): the image could not be decoded"
        case .animated: return "\(code): animated images are not accepted"
        case .invalidDimensions: return "\(code): the image dimensions are out of range"
        case .tooManyPixels: return "\(code): the image has more than \(ImageSanitizer.maxSourcePixels) pixels"
        }
    }
}
