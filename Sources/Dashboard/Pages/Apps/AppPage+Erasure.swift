/// The way to erase one participant's data, for owners and admins (`ErasurePage`).
extension AppPage {
    var erasurePanel: HTML {
        element("section", .class("panel"), Attribute("aria-labelledby", "erase-title")) {
            element("h2", .id("erase-title")) { "Erase a participant's data" }
            element("p", .class("small muted")) {
                "When someone using the app asks to be forgotten: their chats, photos, reports, devices and votes are erased; "
                    + "their public ideas and comments stay as by “Deleted user”."
            }
            element("a", .class("button"), .href(path + "/erasures")) { "Erase this person's data" }
        }
    }
}
