import Foundation

extension ASCFixture {
    /// An app with one subscription priced in three territories (USA usa-399, GBR gbr-349, IND
    /// ind-100) and Apple's price points there, as the price tests use it.
    static func pricedApp(subscriptionName: String = "Pro Monthly") -> [String: Any] {
        [
            "id": "1450000001", "name": "Trails", "bundleId": "com.example.trails",
            "subscriptionGroups": [
                [
                    "id": "g1",
                    "subscriptions": [
                        [
                            "id": "sub1", "name": subscriptionName, "productId": "pro.monthly",
                            "currentPoints": ["USA": "usa-399", "GBR": "gbr-349", "IND": "ind-100"],
                        ]
                    ],
                ]
            ],
        ]
    }

    /// The fake's state for `app`: its price points (USA and GBR three each, IND 10 to 400 by 10).
    static func pricedState(_ app: [String: Any]) -> [String: Any] {
        let usa = [["usa-299", "2.99", "2.09"], ["usa-399", "3.99", "2.79"], ["usa-499", "4.99", "3.49"]]
        let gbr = [["gbr-299", "2.99", "2.09"], ["gbr-349", "3.49", "2.44"], ["gbr-399", "3.99", "2.79"]]
        let ind = (1...40).map { ["ind-\($0 * 10)", "\($0 * 10)", "\($0 * 7)"] }
        return ["apps": [app], "pricePoints": ["sub1": ["USA": usa, "GBR": gbr, "IND": ind]]]
    }

    /// A fixture serving `pricedApp` with a 2-second Apple timeout and the prices worker run on demand.
    static func priced(subscriptionName: String = "Pro Monthly") throws -> ASCFixture {
        let app = pricedApp(subscriptionName: subscriptionName)
        let fixture = try ASCFixture(apps: [app], environment: ["APPNORTH_ASC_TIMEOUT_S": "2", "APPNORTH_PRICES_INTERVAL_S": "0"])
        var state = pricedState(app)
        state["keys"] = [keyId: ["issuer": issuer, "publicKeyPem": fixture.key.publicKeyPEM]]
        try fixture.controlPost("/__control/state", state)
        return fixture
    }
}
