import Foundation
import HubRuntime
import HubStore

/// `<daemon> check-store FILE`: whether this build of the daemon can take FILE as its store,
/// without changing it. Each daemon answers for its own migrations, which only its binary
/// knows, so `deploy/appnorth restore` and `up` ask each one. Prints one JSON line; exit 0
/// when usable, 1 when not (the line names the file and the reason).
public enum StoreCheckCommand {
    public static func run(_ spec: DaemonSpec, path: String) -> Int32 {
        let daemon = JSONText.quoted(spec.name.rawValue)
        do {
            let inspection = try StoreInspection.inspect(path: path)
            try inspection.check(daemon: spec.name.rawValue, known: spec.migrations)
            print(
                "{\"daemon\":\(daemon),\"path\":\(JSONText.quoted(path)),\"level\":\(inspection.level),"
                    + "\"buildLevel\":\(spec.migrations.count),\"behind\":\(inspection.isBehind(known: spec.migrations))}")
            return 0
        } catch let error as StoreCheckError {
            print(
                "{\"daemon\":\(daemon),\"path\":\(JSONText.quoted(path)),\"error\":\(JSONText.quoted(error.code)),"
                    + "\"message\":\(JSONText.quoted(error.description))}")
            return 1
        } catch {
            print(
                "{\"daemon\":\(daemon),\"path\":\(JSONText.quoted(path)),\"error\":\"STORE_SQLITE\",\"message\":\(JSONText.quoted("\(error)"))}"
            )
            return 1
        }
    }
}
