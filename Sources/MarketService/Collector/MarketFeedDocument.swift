import Foundation

/// The legacy RSS JSON chart feed as `Decodable` types holding only the fields the collector
/// reads; unknown keys are skipped. Every field is read leniently (a value of an unexpected
/// type counts as absent) so one odd field cannot lose the whole feed, and an entry that is
/// not an object is counted rather than failing its neighbours.
struct MarketFeedDocument: Decodable {
    let feed: Feed?

    struct Feed: Decodable {
        let entry: OneOrMany<Lenient<Entry>>?
        let hasEntry: Bool

        enum CodingKeys: String, CodingKey { case entry }

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            hasEntry = c.contains(.entry)
            entry = try? c.decodeIfPresent(OneOrMany<Lenient<Entry>>.self, forKey: .entry)
        }
    }

    /// A lone object or an array of them: the feed sends an object when a chart has one app.
    enum OneOrMany<T: Decodable>: Decodable {
        case one(T)
        case many([T])

        init(from decoder: Decoder) throws {
            if let many = try? [T](from: decoder) {
                self = .many(many)
            } else {
                self = .one(try T(from: decoder))
            }
        }

        var all: [T] {
            switch self {
            case .one(let value): return [value]
            case .many(let values): return values
            }
        }
    }

    /// A value that failed to decode becomes nil instead of failing its container.
    struct Lenient<T: Decodable>: Decodable {
        let value: T?
        init(from decoder: Decoder) throws { value = try? T(from: decoder) }
    }

    struct Label: Decodable {
        let label: String?
        init(from decoder: Decoder) throws {
            label = try? decoder.container(keyedBy: Key.self).decodeIfPresent(String.self, forKey: Key("label"))
        }
    }

    /// `{"label": …, "attributes": {…}}` with string attributes.
    struct Labelled: Decodable {
        let label: String?
        let attributes: [String: String]

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            label = try? c.decodeIfPresent(String.self, forKey: Key("label"))
            var attributes: [String: String] = [:]
            if let nested = try? c.nestedContainer(keyedBy: Key.self, forKey: Key("attributes")) {
                for key in nested.allKeys {
                    if let text = try? nested.decode(String.self, forKey: key) { attributes[key.stringValue] = text }
                }
            }
            self.attributes = attributes
        }
    }

    struct Entry: Decodable {
        let name: String?
        let id: Labelled?
        let artist: Labelled?
        let category: Labelled?
        let price: Labelled?
        let releaseDate: String?
        let images: [Lenient<Label>]?
        let links: [Labelled]
        let summary: String?

        init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: Key.self)
            func labelled(_ key: String) -> Labelled? { (try? c.decodeIfPresent(Labelled.self, forKey: Key(key))) ?? nil }
            func text(_ key: String) -> String? { ((try? c.decodeIfPresent(Label.self, forKey: Key(key))) ?? nil)?.label }
            name = text("im:name")
            id = labelled("id")
            artist = labelled("im:artist")
            category = labelled("category")
            price = labelled("im:price")
            releaseDate = text("im:releaseDate")
            images = (try? c.decodeIfPresent([Lenient<Label>].self, forKey: Key("im:image"))) ?? nil
            let link = (try? c.decodeIfPresent(OneOrMany<Lenient<Labelled>>.self, forKey: Key("link"))) ?? nil
            links = link?.all.compactMap(\.value) ?? []
            summary = text("summary")
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
