import Foundation

/// The shared libraries an ELF executable names itself (`DT_NEEDED` in its dynamic section),
/// read from the file: what the dynamic loader maps before anything else, without the
/// libraries those pull in.
public enum ELFNeededLibraries {
    public struct Unreadable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The sonames (`libzmq.so.5`, …) of a 64-bit little-endian ELF file, in file order.
    public static func of(_ path: String) throws -> [String] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func integer(_ offset: Int, _ size: Int) throws -> Int {
            guard offset >= 0, offset + size <= bytes.count else { throw Unreadable(description: "\(path): truncated") }
            var value = 0
            for i in (0..<size).reversed() { value = value << 8 | Int(bytes[offset + i]) }
            return value
        }
        guard bytes.count >= 64, bytes[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), bytes[4] == 2, bytes[5] == 1 else {
            throw Unreadable(description: "\(path): not a 64-bit little-endian ELF file")
        }
        let sectionTable = try integer(0x28, 8)
        let sectionSize = try integer(0x3A, 2)
        let sections = try integer(0x3C, 2)
        func section(_ index: Int) throws -> (type: Int, offset: Int, size: Int, link: Int) {
            let base = sectionTable + index * sectionSize
            return (try integer(base + 4, 4), try integer(base + 0x18, 8), try integer(base + 0x20, 8), try integer(base + 0x28, 4))
        }
        let dynamicType = 6
        let neededTag = 1
        for index in 0..<sections {
            let dynamic = try section(index)
            guard dynamic.type == dynamicType else { continue }
            let strings = try section(dynamic.link)
            var names: [String] = []
            for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
                let tag = try integer(entry, 8)
                if tag == 0 { break }
                guard tag == neededTag else { continue }
                let start = strings.offset + (try integer(entry + 8, 8))
                guard let end = bytes[start...].firstIndex(of: 0) else { throw Unreadable(description: "\(path): unterminated name") }
                names.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            return names
        }
        throw Unreadable(description: "\(path): no dynamic section")
    }
}
