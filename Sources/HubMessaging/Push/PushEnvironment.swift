/// Which APNs server a device token belongs to: development builds use `sandbox`, TestFlight
/// and App Store builds `production` (the SDK's `AppNorthPushEnvironment`).
public enum PushEnvironment: String, Codable, CaseIterable, Sendable {
    case sandbox
    case production
}
