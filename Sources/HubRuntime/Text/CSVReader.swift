/// The hub's one CSV reader: RFC 4180 records, in one pass over the UTF-8 bytes.
///
/// - Fields are separated by commas; a quoted field may hold commas, CR, LF and doubled quotes.
/// - Records end with CRLF or LF; the last one may end without either. A CR outside quotes
///   that is not part of CRLF is an error, as is a quote inside an unquoted field or text
///   after a closing quote: a file that says something ambiguous is refused, not guessed at.
/// - A UTF-8 byte order mark at the start is ignored (spreadsheets save one).
/// - Blank lines outside quotes are skipped; they are not records and do not count toward the
///   limit (`CSVWriter` writes a record of one empty field as `""` for this reason).
/// - Limits are checked before the work they bound: the byte count before anything is parsed,
///   the record count before a record is started, the field count before a field is read.
///
/// With `restoresNeutralizedFields` it is the inverse of `CSVWriter`'s formula
/// neutralization (the rule is stated there): a leading `'` followed by one of the six
/// formula characters is removed.
public struct CSVReader: Sendable {
    public struct Limits: Equatable, Sendable {
        /// UTF-8 bytes of the whole text, the byte order mark included.
        public var bytes: Int
        /// Records, the header included.
        public var records: Int
        /// Fields in any one record.
        public var fieldsPerRecord: Int

        public init(bytes: Int, records: Int, fieldsPerRecord: Int) {
            self.bytes = bytes
            self.records = records
            self.fieldsPerRecord = fieldsPerRecord
        }
    }

    /// One record and where it is.
    public struct Record: Equatable, Sendable {
        /// The 1-based line where the record starts (a quoted field can carry it onto later lines).
        public var line: Int
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    public var limits: Limits
    public var restoresNeutralizedFields: Bool

    public init(limits: Limits, restoresNeutralizedFields: Bool = false) {
        self.limits = limits
        self.restoresNeutralizedFields = restoresNeutralizedFields
    }

    /// Every record of `text`, in order.
    public func records(in text: String) throws -> [Record] {
        // Counted before `withUTF8`, which would copy a text that is not contiguous.
        guard text.utf8.count <= limits.bytes else { throw CSVError.tooLarge(limit: limits.bytes) }
        var text = text
        return try text.withUTF8 { try records(in: $0) }
    }

    private static let quote: UInt8 = 0x22
    private static let comma: UInt8 = 0x2C
    private static let cr: UInt8 = 0x0D
    private static let lf: UInt8 = 0x0A
    private static let apostrophe: UInt8 = 0x27

    private func records(in bytes: UnsafeBufferPointer<UInt8>) throws -> [Record] {
        let n = bytes.count
        var i = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var line = 1
        var records: [Record] = []
        var fields: [String] = []
        var recordLine = 1
        // Unquoted text of a quoted field, reused from field to field.
        var scratch: [UInt8] = []
        while true {
            if fields.isEmpty {
                // Between records: skip blank lines, stop at the end.
                while i < n {
                    if bytes[i] == CSVReader.lf {
                        line += 1
                        i += 1
                    } else if bytes[i] == CSVReader.cr, i + 1 < n, bytes[i + 1] == CSVReader.lf {
                        line += 1
                        i += 2
                    } else {
                        break
                    }
                }
                if i == n { return records }
                guard records.count < limits.records else { throw CSVError.tooManyRecords(line: line, limit: limits.records) }
                recordLine = line
            }
            guard fields.count < limits.fieldsPerRecord else { throw CSVError.tooManyFields(line: line, limit: limits.fieldsPerRecord) }
            if i < n, bytes[i] == CSVReader.quote {
                let opened = line
                i += 1
                scratch.removeAll(keepingCapacity: true)
                var segment = i
                while true {
                    guard i < n else { throw CSVError.unterminatedQuote(line: opened) }
                    let byte = bytes[i]
                    if byte == CSVReader.quote {
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segment..<i]))
                        if i + 1 < n, bytes[i + 1] == CSVReader.quote {
                            scratch.append(CSVReader.quote)
                            i += 2
                            segment = i
                            continue
                        }
                        i += 1
                        break
                    }
                    if byte == CSVReader.lf { line += 1 }
                    i += 1
                }
                fields.append(scratch.withUnsafeBufferPointer { field($0) })
            } else {
                let start = i
                while i < n {
                    let byte = bytes[i]
                    if byte == CSVReader.comma || byte == CSVReader.lf || byte == CSVReader.cr { break }
                    if byte == CSVReader.quote { throw CSVError.quoteInUnquotedField(line: line) }
                    i += 1
                }
                fields.append(field(UnsafeBufferPointer(rebasing: bytes[start..<i])))
            }
            // What ends the field: the end, a comma, or a line end.
            if i == n {
                records.append(Record(line: recordLine, fields: fields))
                return records
            }
            switch bytes[i] {
            case CSVReader.comma:
                i += 1
            case CSVReader.lf:
                line += 1
                i += 1
                records.append(Record(line: recordLine, fields: fields))
                fields = []
            case CSVReader.cr:
                guard i + 1 < n, bytes[i + 1] == CSVReader.lf else { throw CSVError.bareCarriageReturn(line: line) }
                line += 1
                i += 2
                records.append(Record(line: recordLine, fields: fields))
                fields = []
            default:
                throw CSVError.textAfterClosingQuote(line: line)
            }
        }
    }

    /// A field's text, with the writer's neutralization undone when asked.
    private func field(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if restoresNeutralizedFields, bytes.count >= 2, bytes[0] == CSVReader.apostrophe, CSVWriter.startsFormula(bytes[1]) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[1...]), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
