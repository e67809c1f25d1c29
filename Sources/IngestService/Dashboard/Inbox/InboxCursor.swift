import Foundation

/// Where the next page of the inbox starts in each of its two lists: chatd's conversations
/// (a position of `chat.team.inbox`) and ingest's reports (`created_at` and ID). The page
/// merges both by last activity, so each list continues after the last item it showed.
/// Text form: `<chat>~<report>`, each `-` when that list is done and empty when it starts at
/// the top; the report part is base64url of `created_at|id`.
struct InboxCursor: Equatable {
    enum Position<Value: Equatable>: Equatable {
        case top
        case after(Value)
        case done
    }

    var chat: Position<String> = .top
    var report: Position<ReportKey> = .top

    struct ReportKey: Equatable {
        var createdAt: String
        var id: String
    }

    init(chat: Position<String> = .top, report: Position<ReportKey> = .top) {
        self.chat = chat
        self.report = report
    }

    /// nil for text that is not a cursor (the page then starts at the top).
    init?(_ text: String) {
        let parts = text.split(separator: "~", omittingEmptySubsequences: false)
        guard text.utf8.count <= 300, parts.count == 2 else { return nil }
        switch parts[0] {
        case "": chat = .top
        case "-": chat = .done
        default:
            guard parts[0].utf8.count <= 20, Int64(parts[0]) != nil else { return nil }
            chat = .after(String(parts[0]))
        }
        switch parts[1] {
        case "": report = .top
        case "-": report = .done
        default:
            guard let data = InboxCursor.base64URLDecoded(String(parts[1])),
                let decoded = String(data: data, encoding: .utf8), let bar = decoded.firstIndex(of: "|")
            else { return nil }
            report = .after(ReportKey(createdAt: String(decoded[..<bar]), id: String(decoded[decoded.index(after: bar)...])))
        }
    }

    var text: String {
        let chatPart: String
        switch chat {
        case .top: chatPart = ""
        case .after(let position): chatPart = position
        case .done: chatPart = "-"
        }
        let reportPart: String
        switch report {
        case .top: reportPart = ""
        case .after(let key):
            reportPart = Data((key.createdAt + "|" + key.id).utf8).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        case .done: reportPart = "-"
        }
        return chatPart + "~" + reportPart
    }

    static func base64URLDecoded(_ text: String) -> Data? {
        var base = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base.count % 4 != 0 { base += "=" }
        return Data(base64Encoded: base)
    }
}
