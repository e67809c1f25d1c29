import HubHTTPServer
import HubRuntime

/// `GET /api/v1/widget-config`: the project's presentation settings (AppNorthWidgetConfig).
struct WidgetConfigHandler {
    let requestGuard: PublicRequestGuard

    func get(_ request: HTTPRequest) throws -> HTTPResponse {
        let project = try requestGuard.resolve(request, write: false).project
        var out = "{\"branding\":{\"watermark\":\(project.watermark)},\"features\":{\"chat\":"
        JSONText.appendString(project.chatMode.rawValue, to: &out)
        out += "},\"languages\":["
        for (i, language) in project.languages.enumerated() {
            if i > 0 { out += "," }
            JSONText.appendString(language, to: &out)
        }
        out += "]}"
        return .jsonBytes(Array(out.utf8))
    }
}
