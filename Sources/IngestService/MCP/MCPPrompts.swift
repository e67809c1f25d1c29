/// The prompts in `prompts/list` order.
enum MCPPrompts {
    static let all: [MCPPrompt] = [cloneWinner, paywallIdeas, marketScan]

    static let cloneWinner = MCPPrompt(
        name: "clone_winner", title: "Learn from a winning app",
        description: "Analyse a reference app and propose patterns adapted to your app, with its own identity, copy and assets.",
        arguments: [
            .init(name: "app", description: "Your app: its name or app_id from list_apps.", required: true),
            .init(name: "reference", description: "The reference app's market slug, from market_search_apps.", required: true),
        ]
    ) { args in
        """
        Goal: learn from the reference app "\(args["reference"] ?? "")" and propose changes for my app "\(args["app"] ?? "")".

        1. Call get_guardrails, then list_apps to find my app.
        2. Read the reference with market_get_app (and market_search_screens, market_list_flow_screens when my plan includes them).
        3. Describe the reference's onboarding, paywall and positioning patterns, citing the data you read.
        4. Propose how my app could adopt the patterns that fit, with its own identity, copy and assets: never copy text, \
        screenshots or branding.
        5. For metadata or keyword ideas, preview them with the matching tool and show me the diff; do not execute.

        \(MCPPrompt.untrustedContent)
        """
    }

    static let paywallIdeas = MCPPrompt(
        name: "paywall_ideas", title: "Paywall experiment ideas",
        description: "Look for paywall evidence in a category and propose experiments without inventing conversion rates.",
        arguments: [
            .init(name: "app", description: "Your app: its name or app_id from list_apps.", required: true),
            .init(name: "category", description: "The App Store category or genre to study.", required: true),
        ]
    ) { args in
        """
        Goal: paywall experiments for my app "\(args["app"] ?? "")" from evidence in the category "\(args["category"] ?? "")".

        1. Call get_guardrails, then list_apps to find my app, and list_feedback for what its users say about pricing.
        2. Find apps of the category with market_trending or market_search_apps, then their paywalls where my plan allows \
        (market_search_screens with flowType paywall).
        3. List the paywall patterns you saw, each with the apps and screens it came from.
        4. Propose experiments as hypotheses. Market revenue and downloads are estimates with a source, period and date; \
        never state or invent a conversion rate.

        \(MCPPrompt.untrustedContent)
        """
    }

    static let marketScan = MCPPrompt(
        name: "market_scan", title: "Scan the market around your app",
        description: "Review rankings and competitors around your app and prepare watchlist proposals.",
        arguments: [
            .init(name: "app", description: "Your app: its name or app_id from list_apps.", required: true),
            .init(name: "store", description: "The storefront, e.g. US (the default).", required: false, fallback: "US"),
        ]
    ) { args in
        """
        Goal: a market scan around my app "\(args["app"] ?? "")" in the \(args["store"] ?? "US") storefront.

        1. Call get_guardrails, then list_apps to find my app.
        2. Read the latest complete ranking with market_trending (storefront \((args["store"] ?? "US").lowercased())) and, \
        where my plan allows, market_rising; cite each snapshot's date.
        3. Name the competitors that matter and why, from the data you read.
        4. Propose apps to watch: call market_watchlist with action add and dry_run=true, show me each preview, and \
        execute (dry_run=false, confirm=true) only the ones I approve.

        \(MCPPrompt.untrustedContent)
        """
    }
}
