/// Who the user is and what their app reported: identity, locale, platform, bundle, and the
/// latest paywall snapshot with the subscription state the device claims.
extension ConversationPage {
    static func customer(_ view: ConversationView) -> HTML {
        let customer = view.customer
        return element("section", .class("panel"), .label("User")) {
            element("h2") { "User" }
            element("dl", .class("facts")) {
                element("dt") { "Identity" }
                element("dd") {
                    switch customer.identity {
                    case .verified(let email):
                        element("span", .class("mono")) { email }
                        " "
                        element("span", .class("badge ok"), .title("Signed by the app with the identity secret")) { "Verified" }
                    case .anonymous:
                        element("span", .class("badge")) { "Anonymous" }
                        element("div", .class("small muted")) { "No verified email: only this device can read the conversation." }
                    }
                }
                fact("App", view.app.name)
                fact("Language", customer.locale)
                fact("Platform", customer.platform)
                element("dt") { "Bundle" }
                element("dd") {
                    if let bundle = customer.bundleId { element("span", .class("mono")) { bundle } } else { notReported }
                }
            }
        }
    }

    static var notReported: HTML { element("span", .class("muted")) { "Not reported" } }

    static func fact(_ name: String, _ value: String?) -> HTML {
        HTMLBuilder.join([
            element("dt") { name },
            element("dd") { if let value { value } else { notReported } },
        ])
    }

    static func purchases(_ view: ConversationView) -> HTML {
        element("section", .class("panel"), .label("Purchases")) {
            element("h2") { "Subscription and paywalls" }
            if let snapshot = view.customer.paywalls {
                element("p", .class("small muted")) {
                    "Reported by the device "
                    InboxTime.html(snapshot.receivedAt, now: view.now)
                    ", not verified with the App Store."
                }
                subscription(snapshot.subscription)
                element("h3") { "Paywalls (\(snapshot.paywalls.count))" }
                if snapshot.paywalls.isEmpty {
                    element("p", .class("muted small")) { "None reported." }
                } else {
                    element("ul", .class("paywalls")) {
                        for paywall in snapshot.paywalls { self.paywall(paywall) }
                    }
                }
            } else {
                element("p", .class("muted small")) { "The app has not reported a paywall snapshot for this user." }
            }
        }
    }

    static func subscription(_ subscription: ConversationPaywalls.Subscription?) -> HTML {
        element("dl", .class("facts")) {
            element("dt") { "Status" }
            element("dd") {
                if let subscription {
                    if subscription.status == "active" {
                        element("span", .class("badge ok")) { "Active" }
                    } else {
                        element("span", .class("badge")) { subscription.status == "none" ? "None" : subscription.status }
                    }
                    if subscription.environment == "sandbox" {
                        " "
                        element("span", .class("badge warn")) { "Sandbox" }
                    }
                } else {
                    notReported
                }
            }
            if let plan = subscription?.plan {
                element("dt") { "Plan" }
                element("dd") { element("span", .class("mono")) { plan } }
            }
            if let renews = subscription?.renewsOn { fact("Renews on", renews) }
            if let expires = subscription?.expiresOn { fact("Expires on", expires) }
        }
    }

    static func paywall(_ paywall: ConversationPaywalls.Paywall) -> HTML {
        element("li") {
            element("div", .class("row")) {
                element("strong") { paywall.title }
                element("span", .class("mono small muted")) { paywall.id }
                if !paywall.available { element("span", .class("badge warn")) { "Unavailable" } }
                if !paywall.presentable { element("span", .class("badge")) { "Cannot be shown" } }
            }
            if !paywall.products.isEmpty {
                element("ul", .class("products small")) {
                    for product in paywall.products {
                        element("li") {
                            element("span", .class("mono")) { product.id }
                            " · "
                            PaywallPeriod.product(product)
                        }
                    }
                }
            }
        }
    }
}
