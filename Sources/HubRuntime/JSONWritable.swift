/// A value that writes its own JSON without an encoder per call: the members and values
/// JSONEncoder with `.withoutEscapingSlashes` writes for it (the same nulls, strings escaped
/// the same way), in `encode(to:)`'s order, which JSONEncoder itself does not keep.
/// `HTTPResponse.json` uses it when a value has it; a test compares both for each conforming type.
public protocol JSONWritable {
    func writeJSON(to out: inout JSONBuffer)
}

/// A value that writes its own JSON in the form an outbox stores (`OutboxEvent.encode`): what
/// JSONEncoder writes with `.sortedKeys` and `.withoutEscapingSlashes`, byte for byte, absent
/// optionals left out.
public protocol SortedJSONWritable {
    func writeSortedJSON(to out: inout JSONBuffer)
}
