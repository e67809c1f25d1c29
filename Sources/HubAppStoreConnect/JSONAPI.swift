/// JSON:API documents as App Store Connect sends them: one resource or a list, with
/// `links.next` for the following page.
public struct JSONAPIResource<Attributes: Decodable>: Decodable {
    public let type: String
    public let id: String
    public let attributes: Attributes?
    public let relationships: [String: JSONAPIRelationship]?
}

public struct JSONAPIRelationship: Decodable {
    public struct Linkage: Decodable, Equatable {
        public let type: String
        public let id: String
    }

    public let data: Linkage?

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // To-many relationships carry an array; only to-one linkage is read here.
        data = try? container.decodeIfPresent(Linkage.self, forKey: .data)
    }

    private enum CodingKeys: String, CodingKey { case data }
}

public struct JSONAPILinks: Decodable {
    public let next: String?
}

public struct JSONAPIList<Attributes: Decodable>: Decodable {
    public let data: [JSONAPIResource<Attributes>]
    public let links: JSONAPILinks?
}

/// A list with its `included` resources; `Included`'s fields should all be optional, since
/// resources of other types share the array.
public struct JSONAPIListIncluding<Attributes: Decodable, Included: Decodable>: Decodable {
    public let data: [JSONAPIResource<Attributes>]
    public let included: [JSONAPIResource<Included>]?
    public let links: JSONAPILinks?
}

public struct JSONAPISingle<Attributes: Decodable>: Decodable {
    public let data: JSONAPIResource<Attributes>
}

/// Apple's error document: `{"errors":[{"status","code","title","detail"}]}`.
struct JSONAPIErrors: Decodable {
    struct Item: Decodable {
        let status: String?
        let code: String?
        let title: String?
        let detail: String?
    }

    let errors: [Item]
}
