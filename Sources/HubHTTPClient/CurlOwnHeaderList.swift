import CCurl

/// One request's own headers as a libcurl list, checked as `CurlHeaderList.append` checks
/// them, whose last node is linked to what follows them on the wire (a batch's shared list)
/// while one stream sends it. Used by one stream at a time.
final class CurlOwnHeaderList {
    let head: UnsafeMutablePointer<curl_slist>
    private let tail: UnsafeMutablePointer<curl_slist>
    /// Whether the headers hold an `Expect` header.
    let hasExpect: Bool

    /// Nil for no headers; throws `HTTPClientError.transport` for one that cannot be sent.
    init?(_ headers: [(String, String)]) throws {
        var list: UnsafeMutablePointer<curl_slist>?
        var expect = false
        do {
            for (name, value) in headers {
                if try CurlHeaderList.append(name, value, to: &list) { expect = true }
            }
        } catch {
            curl_slist_free_all(list)
            throw error
        }
        guard let list else { return nil }
        var last = list
        while let next = last.pointee.next { last = next }
        head = list
        tail = last
        hasExpect = expect
    }

    deinit {
        // What follows belongs to someone else: unlink it before freeing our own nodes.
        unlink()
        curl_slist_free_all(head)
    }

    /// The list with `following` after its last node.
    func link(to following: UnsafeMutablePointer<curl_slist>?) -> UnsafeMutablePointer<curl_slist> {
        tail.pointee.next = following
        return head
    }

    func unlink() {
        tail.pointee.next = nil
    }
}
