import Foundation
import HubDaemon
import HubMessaging

/// `ingest curve-keypair`: prints a new CURVE key pair as the two variables a daemon reads,
/// single-quoted (Z85 uses `$`, `#` and `&`), ready for a shell or systemd environment file.
public enum CurveKeypairCommand {
    public static func run() -> Int32 {
        do {
            let pair = try CurveKeyPair.generate()
            print("\(RPCCurveKeys.publicVariable)='\(pair.publicKey)'")
            print("\(RPCCurveKeys.secretVariable)='\(pair.secretKey)'")
            return 0
        } catch {
            FileHandle.standardError.write(Data("ingest curve-keypair: \(error)\n".utf8))
            return 1
        }
    }
}
