import Foundation
import HubDaemon

// Stand-in until the email transport's configuration lands; removed with that merge.
extension HubConfig {
    var smtpURL: String? { ProcessInfo.processInfo.environment["APPNORTH_SMTP_URL"] }
}
