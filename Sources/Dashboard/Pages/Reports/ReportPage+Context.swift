/// Device context, diagnostics and the timeline of the report page. The context and
/// diagnostics were sanitized when the report arrived; here they are only escaped.
extension ReportPage {
    var contextPanel: HTML {
        element("section", .class("panel"), .id("context")) {
            element("h2") { "Device and diagnostics" }
            if let deviceContext, !deviceContext.isEmpty {
                element("h3") { "Device" }
                element("pre", .class("block")) { deviceContext }
            }
            if let diagnostics, !diagnostics.isEmpty {
                element("h3") {
                    "Diagnostics "
                    element("span", .class("muted small")) {
                        diagnosticsCount == 1 ? "(1 entry)" : "(" + FeedbackPageParts.grouped(diagnosticsCount) + " entries)"
                    }
                }
                element("pre", .class("block scroll")) { diagnostics }
            }
            if (deviceContext ?? "").isEmpty && (diagnostics ?? "").isEmpty {
                element("p", .class("muted small")) { "The app sent no device details or diagnostics with this report." }
            }
        }
    }

    var timelinePanel: HTML {
        element("section", .class("panel")) {
            element("h2") { "Timeline" }
            element("ol", .class("timeline"), .id("report-timeline"), Attribute("data-live", "")) {
                if timeline.isEmpty {
                    element("li", .class("muted")) { "Nothing has changed since the report arrived." }
                }
                for event in timeline {
                    element("li") {
                        element("span", .class("muted small")) {
                            FeedbackPageParts.when(event.createdAt)
                            if let actor = event.actor { " · " + actor }
                        }
                        " "
                        let sentence = event.sentence
                        if let ideaId = sentence.ideaId {
                            element("a", .href("/dashboard/ideas/" + ideaId)) { sentence.text }
                        } else {
                            sentence.text
                        }
                    }
                }
            }
        }
    }
}
