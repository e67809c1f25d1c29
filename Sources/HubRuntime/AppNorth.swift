/// Facts about this build of the hub. Each target that wraps a system library adds the
/// version that library reports at run time (`AppNorth+<library>.swift`), so asking for it
/// links nothing a daemon does not already use.
public enum AppNorth {
    public static let version = "0.1.0"
}
