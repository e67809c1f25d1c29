import Foundation
import HubAppStoreConnect

extension ASCClient {
    private struct SubscriptionPriceAttributes: Decodable { let startDate: String? }
    private struct PricePointAttributes: Decodable { let customerPrice: String? }

    /// A subscription's current price in `territory`: Apple's price point and its customer
    /// price, or nil when it has none there.
    func currentSubscriptionPrice(subscriptionId: String, territory: String) throws -> (pointId: String, customerPrice: Decimal?)? {
        let prices: (data: [JSONAPIResource<SubscriptionPriceAttributes>], included: [JSONAPIResource<PricePointAttributes>]) =
            try list(
                "/v1/subscriptions/\(subscriptionId)/prices",
                query: [("filter[territory]", territory), ("include", "subscriptionPricePoint")],
                including: PricePointAttributes.self, maxPages: 1)
        guard let pointId = prices.data.first?.relationships?["subscriptionPricePoint"]?.data?.id else { return nil }
        return (pointId, prices.included.first { $0.id == pointId }?.attributes?.customerPrice.flatMap { Decimal(string: $0) })
    }
}
