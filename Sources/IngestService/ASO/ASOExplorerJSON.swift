import HubMessaging
import HubRuntime

/// The Explorer answer written by hand around asod's ready JSON text of the results: the
/// cache-hit path is the hot one, and an encoder pass over every result's fields costs more
/// than the rest of the request.
enum ASOExplorerJSON {
    static func render(_ r: ASOExplorer.Response) -> [UInt8] {
        var out = ""
        out.reserveCapacity(r.resultsJSON.utf8.count + 512)
        out += "{\"source\":"
        JSONText.appendString(r.source, to: &out)
        out += ",\"observedAt\":"
        JSONText.appendString(r.observedAt, to: &out)
        out += r.cached ? ",\"cached\":true,\"results\":" : ",\"cached\":false,\"results\":"
        out += r.resultsJSON
        out += ",\"difficulty\":{\"score\":" + (r.difficulty.score.map { "\($0)" } ?? "null") + ",\"label\":"
        JSONText.appendOptional(r.difficulty.label?.rawValue, to: &out)
        out += r.difficulty.provisional ? ",\"provisional\":true},\"related\":[" : ",\"provisional\":false},\"related\":["
        for (i, term) in r.related.enumerated() {
            if i > 0 { out += "," }
            JSONText.appendString(term, to: &out)
        }
        out += "],\"quota\":{\"limit\":\(r.quota.limit),\"used\":\(r.quota.used),\"remaining\":\(r.quota.remaining),\"resetsAt\":"
        JSONText.appendString(r.quota.resetsAt, to: &out)
        out += "}}"
        return Array(out.utf8)
    }
}
