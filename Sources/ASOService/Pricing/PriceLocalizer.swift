import Foundation

/// Computes a price-localization preview: a calculation over a dated dataset, not a
/// prediction. Territories the dataset does not cover get `no_data` rather than a guess;
/// euro members without their own row use the euro-area figure, and say so.
public struct PriceLocalizer: Sendable {
    public enum Failure: Error, Equatable {
        /// No release of the dataset on or before the preview date has the base territory.
        case noRelease(asOf: String)
        case invalidBasePrice
    }

    public let index: BigMacIndex

    public init(index: BigMacIndex) { self.index = index }

    public func preview(_ request: PriceLocalizationRequest) throws -> PriceLocalizationPreview {
        guard request.basePrice > 0 else { throw Failure.invalidBasePrice }
        guard let release = index.release(onOrBefore: request.asOf, base: request.baseTerritory),
            let base = index.observation(request.baseTerritory, in: release)?.observation
        else {
            throw Failure.noRelease(asOf: request.asOf)
        }
        var territories = [request.baseTerritory]
        for territory in request.territories where !territories.contains(territory) { territories.append(territory) }
        let proposals = territories.map { proposal(for: $0, request, release: release, base: base) }
        return PriceLocalizationPreview(
            baseTerritory: request.baseTerritory, basePrice: request.basePrice, strategy: request.strategy.rawValue,
            source: .init(dataset: BigMacIndex.sourceName, licence: BigMacIndex.licence, releaseDate: release), proposals: proposals)
    }

    private func proposal(
        for territory: String, _ request: PriceLocalizationRequest, release: String,
        base: BigMacIndex.Observation
    ) -> PriceProposal {
        let points = (request.pricePoints[territory] ?? []).sorted { $0.customerPrice < $1.customerPrice }
        let found = index.observation(territory, in: release)
        var proposal = PriceProposal(
            territory: territory, currency: found?.observation.currency, method: .base, status: .proposed,
            target: nil, point: nil, sourceDate: nil, viaEuroArea: found?.viaEuroArea ?? false, adjustments: [])
        // The operator's explicit choices come first and need no dataset.
        if let pin = request.pinned[territory] {
            proposal.method = .pinned
            proposal.point = points.first { $0.id == pin }
            proposal.status = proposal.point == nil ? .noPricePoint : .proposed
            return proposal
        }
        if let lock = request.locked[territory] {
            proposal.method = .locked
            guard let manual = lock else {
                proposal.status = .needsManualPrice
                return proposal
            }
            proposal.point = points.first { $0.id == manual }
            proposal.status = proposal.point == nil ? .noPricePoint : .proposed
            return proposal
        }
        var target: Decimal
        if territory == request.baseTerritory {
            target = request.basePrice
        } else {
            guard let observation = found?.observation else {
                proposal.method = request.strategy == .purchasingPower ? .purchasingPower : .matchFX
                proposal.status = .noData
                return proposal
            }
            proposal.sourceDate = release
            switch request.strategy {
            case .purchasingPower:
                proposal.method = .purchasingPower
                target = request.basePrice * observation.localPrice / base.localPrice
            case .matchFX:
                proposal.method = .matchFX
                target = request.basePrice * observation.dollarExchangeRate / base.dollarExchangeRate
            }
            if let multiplier = request.multipliers[territory] {
                target *= multiplier
                proposal.adjustments.append("multiplier \(multiplier)")
            }
            if let share = request.minimumShareOfBase {
                let minimum = request.basePrice * share * observation.dollarExchangeRate / base.dollarExchangeRate
                if target < minimum {
                    target = minimum
                    proposal.adjustments.append("minimum share of base \(share)")
                }
            }
        }
        if let floor = request.floors[territory], target < floor {
            target = floor
            proposal.adjustments.append("floor \(floor)")
        }
        proposal.target = PriceLocalizer.rounded(target)
        proposal.point = PriceLocalizer.point(
            for: target, in: points, rounding: request.rounding,
            atLeast: request.floors[territory])
        proposal.status = proposal.point == nil ? .noPricePoint : .proposed
        return proposal
    }

    /// The price point for `target`; never one below `atLeast` when a point at or above it exists.
    static func point(
        for target: Decimal, in sorted: [PricePoint], rounding: PriceLocalizationRequest.Rounding,
        atLeast floor: Decimal?
    ) -> PricePoint? {
        guard !sorted.isEmpty else { return nil }
        let below = sorted.last { $0.customerPrice <= target }
        let above = sorted.first { $0.customerPrice >= target }
        var chosen: PricePoint?
        switch rounding {
        case .down: chosen = below ?? sorted.first
        case .up: chosen = above ?? sorted.last
        case .nearest:
            switch (below, above) {
            case (let b?, let a?): chosen = (target - b.customerPrice) <= (a.customerPrice - target) ? b : a
            case (let b?, nil): chosen = b
            case (nil, let a?): chosen = a
            default: chosen = nil
            }
        }
        if let floor, let current = chosen, current.customerPrice < floor {
            chosen = sorted.first { $0.customerPrice >= floor } ?? current
        }
        return chosen
    }

    /// Targets are shown to four decimal places; points carry the real price.
    static func rounded(_ value: Decimal) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, 4, .plain)
        return output
    }
}
