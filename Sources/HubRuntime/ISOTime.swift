import Foundation

/// ISO-8601 UTC timestamps with milliseconds (`2026-11-30T09:15:02.123Z`), the hub's one
/// wire format for time.
public enum ISOTime {
    public static func format(_ date: Date) -> String {
        // Nearest millisecond: a parsed ".123" is 0.12299999… in binary and must print back as 123.
        let total = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var t = time_t(total >= 0 ? total / 1000 : (total - 999) / 1000)
        let millis = Int(total - Int64(t) * 1000)
        var parts = tm()
        gmtime_r(&t, &parts)
        return String(unsafeUninitializedCapacity: 24) { out in
            ASCIIBuffer.putDecimal(Int(parts.tm_year) + 1900, width: 4, into: out, at: 0)
            out[4] = 45
            ASCIIBuffer.putDecimal(Int(parts.tm_mon) + 1, width: 2, into: out, at: 5)
            out[7] = 45
            ASCIIBuffer.putDecimal(Int(parts.tm_mday), width: 2, into: out, at: 8)
            out[10] = 84
            ASCIIBuffer.putDecimal(Int(parts.tm_hour), width: 2, into: out, at: 11)
            out[13] = 58
            ASCIIBuffer.putDecimal(Int(parts.tm_min), width: 2, into: out, at: 14)
            out[16] = 58
            ASCIIBuffer.putDecimal(Int(parts.tm_sec), width: 2, into: out, at: 17)
            out[19] = 46
            ASCIIBuffer.putDecimal(millis, width: 3, into: out, at: 20)
            out[23] = 90
            return 24
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…](Z|±HH:MM)`; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let s = Array(text.utf8)
        func num(_ from: Int, _ len: Int) -> Int? {
            guard from + len <= s.count else { return nil }
            var v = 0
            for c in s[from..<(from + len)] {
                guard c >= 48 && c <= 57 else { return nil }
                v = v * 10 + Int(c - 48)
            }
            return v
        }
        guard s.count >= 20, s[4] == 45, s[7] == 45, s[10] == 84 || s[10] == 116, s[13] == 58, s[16] == 58,
            let y = num(0, 4), let mo = num(5, 2), let d = num(8, 2),
            let h = num(11, 2), let mi = num(14, 2), let sec = num(17, 2),
            (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec < 61
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < s.count, s[i] == 46 {
            i += 1
            var scale = 0.1
            let start = i
            while i < s.count, s[i] >= 48, s[i] <= 57 {
                fraction += Double(s[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        var offset = 0
        guard i < s.count else { return nil }
        if s[i] == 90 || s[i] == 122 {
            i += 1
        } else if s[i] == 43 || s[i] == 45 {
            guard let oh = num(i + 1, 2), s.count > i + 3, s[i + 3] == 58, let om = num(i + 4, 2) else { return nil }
            offset = (oh * 3600 + om * 60) * (s[i] == 45 ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(y - 1900)
        parts.tm_mon = Int32(mo - 1)
        parts.tm_mday = Int32(d)
        parts.tm_hour = Int32(h)
        parts.tm_min = Int32(mi)
        parts.tm_sec = Int32(sec)
        let seconds = timegm(&parts)
        // timegm normalises 31 February into March: reject dates that do not exist.
        var check = seconds
        var back = tm()
        gmtime_r(&check, &back)
        guard back.tm_mday == Int32(d), back.tm_mon == Int32(mo - 1) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }
}
