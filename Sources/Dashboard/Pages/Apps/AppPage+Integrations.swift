/// Where the app's chat-ops integrations are set up; everyone may open them (members read).
extension AppPage {
    var integrationsPanel: HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "integrations-title")) {
            element("h2", .id("integrations-title")) { "Integrations" }
            element("p", .class("small muted")) { "Answer this app's conversations and reports from your team's chat." }
            element("ul", .class("links")) {
                element("li") { element("a", .href(path + "/integrations/telegram")) { "Integrations → Telegram" } }
                element("li") { element("a", .href(path + "/integrations/discord")) { "Integrations → Discord" } }
            }
        }
    }
}
