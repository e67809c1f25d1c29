import Foundation
import HubRuntime

/// The Economist's Big Mac index (MIT licence; `Pricing/Data/big-mac/`), the dated
/// purchasing-power and exchange-rate table behind price localization. Every figure derived
/// from it carries the release date it came from.
public struct BigMacIndex: Sendable {
    /// One country in one release.
    public struct Observation: Equatable, Sendable {
        /// Release date, `YYYY-MM-DD`.
        public let date: String
        /// ISO 3166 alpha-3, or `EUZ` for the euro area.
        public let territory: String
        /// ISO 4217.
        public let currency: String
        /// A Big Mac's price in local currency.
        public let localPrice: Decimal
        /// Local currency units per US dollar on that date.
        public let dollarExchangeRate: Decimal
    }

    public static let sourceName = "The Economist Big Mac index"
    public static let licence = "MIT (c) 2018 The Economist Newspaper"
    /// Euro members Apple prices separately that the index reports only as the euro area.
    public static let euroArea: Set<String> = [
        "AUT", "BEL", "CYP", "DEU", "ESP", "EST", "FIN", "FRA", "GRC", "HRV", "IRL",
        "ITA", "LTU", "LUX", "LVA", "MLT", "NLD", "PRT", "SVK", "SVN",
    ]

    /// Observations by release date, then territory.
    private let releases: [String: [String: Observation]]
    /// Release dates, oldest first.
    public let dates: [String]

    public enum LoadError: Error, Equatable {
        case missingColumn(String)
        case badRow(line: Int)
        case unreadable(CSVError)
    }

    /// Bounds for the published file (about 320 KB, 2,000 rows and 19 columns in 2026, one
    /// release added every six months), with room for decades of releases.
    static let csvLimits = CSVReader.Limits(bytes: 16_000_000, records: 100_000, fieldsPerRecord: 64)

    /// Parses the CSV as published (`date,iso_a3,currency_code,name,local_price,dollar_ex,…`).
    public init(csv: String) throws {
        var records: [CSVReader.Record]
        do {
            records = try CSVReader(limits: BigMacIndex.csvLimits).records(in: csv)
        } catch let error as CSVError {
            throw LoadError.unreadable(error)
        }
        guard !records.isEmpty else { throw LoadError.missingColumn("date") }
        let header = records.removeFirst().fields
        func column(_ name: String) throws -> Int {
            guard let index = header.firstIndex(of: name) else { throw LoadError.missingColumn(name) }
            return index
        }
        let date = try column("date")
        let iso = try column("iso_a3")
        let currency = try column("currency_code")
        let price = try column("local_price")
        let rate = try column("dollar_ex")
        var releases: [String: [String: Observation]] = [:]
        for record in records {
            let fields = record.fields
            guard fields.count == header.count, let local = Decimal(string: fields[price]), let ex = Decimal(string: fields[rate]),
                local > 0, ex > 0, fields[date].count == 10
            else {
                throw LoadError.badRow(line: record.line)
            }
            releases[fields[date], default: [:]][fields[iso]] = Observation(
                date: fields[date], territory: fields[iso], currency: fields[currency], localPrice: local, dollarExchangeRate: ex)
        }
        self.releases = releases
        dates = releases.keys.sorted()
    }

    /// The dataset shipped with the hub.
    public static func bundled() throws -> BigMacIndex {
        guard let url = Bundle.module.url(forResource: "big-mac-full-index", withExtension: "csv", subdirectory: "big-mac") else {
            throw LoadError.missingColumn("bundled big-mac-full-index.csv")
        }
        return try BigMacIndex(csv: String(decoding: try Data(contentsOf: url), as: UTF8.self))
    }

    /// The latest release on or before `date` (`YYYY-MM-DD`) that has the base territory.
    public func release(onOrBefore date: String, base: String = "USA") -> String? {
        dates.last { $0 <= date && releases[$0]?[base] != nil }
    }

    /// `territory` in `release`, directly or through the euro area; `viaEuroArea` says which.
    public func observation(_ territory: String, in release: String) -> (observation: Observation, viaEuroArea: Bool)? {
        if let direct = releases[release]?[territory] { return (direct, false) }
        if BigMacIndex.euroArea.contains(territory), let euro = releases[release]?["EUZ"] { return (euro, true) }
        return nil
    }
}
