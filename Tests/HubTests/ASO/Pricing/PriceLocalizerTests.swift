import Foundation
import XCTest

@testable import ASOService

/// Price localization on fixed data: each strategy's formula, rounding to Apple's points,
/// adjustments, explicit choices, and what happens where the dataset is silent.
final class PriceLocalizerTests: XCTestCase {
    /// Two releases; the later one has no Norway, and Germany only through the euro area.
    static let csv = """
        date,iso_a3,currency_code,name,local_price,dollar_ex,dollar_price
        2025-07-01,USA,USD,United States,5.00,1,5.00
        2025-07-01,NOR,NOK,Norway,70,10,7.0
        2026-01-01,USA,USD,United States,6.00,1,6.00
        2026-01-01,GBR,GBP,Britain,5.40,0.75,7.2
        2026-01-01,IND,INR,India,240,90,2.67
        2026-01-01,EUZ,EUR,Euro area,6.00,0.85,7.06
        """

    /// Decimal from text: float literals would carry binary rounding into prices.
    private func d(_ text: String) -> Decimal { Decimal(string: text)! }

    private func points(_ territory: String, _ prices: [String]) -> [PricePoint] {
        prices.enumerated().map { PricePoint(id: "\(territory.lowercased())-\($0.offset)", customerPrice: d($0.element)) }
    }

    private var catalog: [String: [PricePoint]] {
        [
            "USA": points("USA", ["0.99", "1.99", "2.99", "3.99", "4.99", "9.99"]),
            "GBR": points("GBR", ["0.99", "1.99", "2.99", "3.49", "3.99", "4.49"]),
            "IND": points("IND", ["49", "99", "149", "199", "299", "399"]),
            "DEU": points("DEU", ["0.99", "1.99", "2.99", "3.49", "3.99", "4.99"]),
            "NOR": points("NOR", ["9", "19", "29", "39", "49"]),
        ]
    }

    private func preview(
        _ strategy: PriceLocalizationRequest.Strategy, rounding: PriceLocalizationRequest.Rounding = .nearest,
        change: (inout PriceLocalizationRequest) -> Void = { _ in }
    ) throws -> PriceLocalizationPreview {
        var request = PriceLocalizationRequest(
            basePrice: d("3.99"), strategy: strategy, rounding: rounding,
            territories: ["GBR", "IND", "DEU", "NOR"], pricePoints: catalog, asOf: "2026-03-01")
        change(&request)
        return try PriceLocalizer(index: try BigMacIndex(csv: PriceLocalizerTests.csv)).preview(request)
    }

    private func proposal(_ preview: PriceLocalizationPreview, _ territory: String) throws -> PriceProposal {
        try XCTUnwrap(preview.proposals.first { $0.territory == territory })
    }

    func testPurchasingPowerScalesByTheLocalBigMacPriceAndMapsToTheNearestPoint() throws {
        // Given 3.99 USD under purchasing power on the 2026-01-01 release
        let result = try preview(.purchasingPower)
        // Then Britain's target is 3.99 x 5.40 / 6.00 = 3.591 GBP, nearest point 3.49
        let gbr = try proposal(result, "GBR")
        XCTAssertEqual(gbr.target, Decimal(string: "3.591"))
        XCTAssertEqual(gbr.point?.customerPrice, Decimal(string: "3.49"))
        XCTAssertEqual(gbr.sourceDate, "2026-01-01")
        XCTAssertEqual(gbr.method, .purchasingPower)
        // And India's is 3.99 x 240 / 6 = 159.6 INR -> 149
        XCTAssertEqual(try proposal(result, "IND").target, Decimal(string: "159.6"))
        XCTAssertEqual(try proposal(result, "IND").point?.customerPrice, 149)
        // And the base territory keeps its own price point, and the source is named with its date
        XCTAssertEqual(try proposal(result, "USA").point?.customerPrice, Decimal(string: "3.99"))
        XCTAssertEqual(result.source.releaseDate, "2026-01-01")
        XCTAssertEqual(result.source.dataset, BigMacIndex.sourceName)
    }

    func testMatchFXConvertsAtTheExchangeRateAndRoundingModesPickTheirNeighbour() throws {
        // Given 3.99 USD converted at 0.75 GBP per USD = 2.9925 GBP
        let nearest = try proposal(try preview(.matchFX), "GBR")
        let down = try proposal(try preview(.matchFX, rounding: .down), "GBR")
        let up = try proposal(try preview(.matchFX, rounding: .up), "GBR")
        // Then nearest and up choose 2.99... (2.99 is below by 0.0025, 3.49 above by 0.4975)
        XCTAssertEqual(nearest.target, Decimal(string: "2.9925"))
        XCTAssertEqual(nearest.point?.customerPrice, Decimal(string: "2.99"))
        XCTAssertEqual(down.point?.customerPrice, Decimal(string: "2.99"))
        // ...and up takes the next point at or above the target
        XCTAssertEqual(up.point?.customerPrice, Decimal(string: "3.49"))
        XCTAssertEqual(nearest.method, .matchFX)
    }

    func testEuroMembersUseTheEuroAreaFigureAndUncoveredTerritoriesGetNoNumber() throws {
        // Given Germany (no own row) and Norway (absent from the release used)
        let result = try preview(.purchasingPower)
        let deu = try proposal(result, "DEU")
        let nor = try proposal(result, "NOR")
        // Then Germany is priced from the euro area, flagged; Norway is no_data, not an older release or a zero
        XCTAssertTrue(deu.viaEuroArea)
        XCTAssertEqual(deu.currency, "EUR")
        XCTAssertEqual(deu.point?.customerPrice, Decimal(string: "3.99"))
        XCTAssertEqual(nor.status, .noData)
        XCTAssertNil(nor.target)
        XCTAssertNil(nor.point)
    }

    func testMultipliersFloorsPinsAndLocks() throws {
        // Given a lower tier for India, a floor for Britain, a pin for Germany and a lock for Norway
        let result = try preview(.purchasingPower) { request in
            request.multipliers["IND"] = self.d("0.5")
            request.floors["GBR"] = self.d("3.9")
            request.pinned["DEU"] = "deu-0"
            request.locked["NOR"] = .some(nil)
        }
        // Then India's target halves (79.8 -> 99 nearest), Britain is lifted to its floor (3.99, never below it)
        XCTAssertEqual(try proposal(result, "IND").target, Decimal(string: "79.8"))
        XCTAssertEqual(try proposal(result, "IND").point?.customerPrice, 99)
        XCTAssertEqual(try proposal(result, "IND").adjustments, ["multiplier 0.5"])
        XCTAssertEqual(try proposal(result, "GBR").point?.customerPrice, Decimal(string: "3.99"))
        XCTAssertEqual(try proposal(result, "GBR").adjustments, ["floor 3.9"])
        // And the pin wins over the formula, and a lock without a manual price asks for one
        XCTAssertEqual(try proposal(result, "DEU").method, .pinned)
        XCTAssertEqual(try proposal(result, "DEU").point?.id, "deu-0")
        XCTAssertEqual(try proposal(result, "NOR").status, .needsManualPrice)
        // And a lock with a manual point that Apple does not offer is flagged
        let unknown = try preview(.purchasingPower) { $0.locked["GBR"] = .some("gbr-99") }
        XCTAssertEqual(try proposal(unknown, "GBR").status, .noPricePoint)
    }

    func testTheReleaseIsTheLatestOnOrBeforeThePreviewDate() throws {
        // Given a preview dated before the 2026 release
        let result = try preview(.matchFX) { $0.asOf = "2025-12-31" }
        // Then the 2025-07-01 release is used: Norway at 10 NOK per USD = 39.9 -> 39, Britain absent
        XCTAssertEqual(result.source.releaseDate, "2025-07-01")
        XCTAssertEqual(try proposal(result, "NOR").point?.customerPrice, 39)
        XCTAssertEqual(try proposal(result, "GBR").status, .noData)
        // And a date before every release is refused
        XCTAssertThrowsError(try preview(.matchFX) { $0.asOf = "2020-01-01" }) { error in
            XCTAssertEqual(error as? PriceLocalizer.Failure, .noRelease(asOf: "2020-01-01"))
        }
    }

    func testTheBundledDatasetLoadsWithItsLatestRelease() throws {
        // Given the dataset shipped with the hub
        let index = try BigMacIndex.bundled()
        // Then its latest release is 2026-01-01 and has the United States at 6.12 USD
        XCTAssertEqual(index.dates.last, "2026-01-01")
        XCTAssertEqual(index.observation("USA", in: "2026-01-01")?.observation.localPrice, Decimal(string: "6.12"))
        XCTAssertEqual(index.observation("FRA", in: "2026-01-01")?.viaEuroArea, true)
    }
}
